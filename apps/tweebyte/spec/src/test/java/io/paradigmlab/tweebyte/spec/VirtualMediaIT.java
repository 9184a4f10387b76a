package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("media workloads (virtual)")
class VirtualMediaIT extends MediaSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.VIRTUAL;
    }

    /** The virtual variant also exports the JVM's virtual-thread counts (docs/api/tweebyte.md, "Pool metrics"). */
    @Override
    protected boolean exportsVirtualThreadMetrics() {
        return true;
    }
}
