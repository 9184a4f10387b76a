package io.paradigmlab.chatapp.server;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The memory breakdown of spec W4, read at scrape time: thread stacks as Native Memory Tracking commits them (the
 * lab starts every variant with {@code -XX:NativeMemoryTracking=summary}) and the heap left after the last
 * collection. Both are read at scrape time only, so they add no work to the measured path.
 */
final class MemoryGauges {

    // "-                    Thread (reserved=1052760KB, committed=38820KB)" with scale=b: "...committed=39751680)"
    private static final Pattern THREAD = Pattern.compile("-\\s+Thread \\(reserved=\\d+\\w*, committed=(\\d+)");

    private MemoryGauges() {
    }

    static void bindTo(MeterRegistry registry) {
        Gauge.builder("chatapp.nmt.thread.committed.bytes", MemoryGauges::nmtThreadCommitted)
                .description("NMT 'Thread' committed bytes (thread stacks); NaN when NMT is off")
                .register(registry);
        Gauge.builder("chatapp.heap.after.gc.bytes", MemoryGauges::heapAfterGc)
                .description("sum over heap pools of the usage after their last collection")
                .register(registry);
    }

    /** The committed bytes of NMT's "Thread" category, or NaN when NMT is off or the command fails. */
    static double nmtThreadCommitted() {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Object out = server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary", "scale=b"}}, new String[] {String[].class.getName()});
            Matcher m = THREAD.matcher(String.valueOf(out));
            return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
        } catch (Exception e) {
            return Double.NaN;
        }
    }

    /** Sum over the heap pools of {@code getCollectionUsage().getUsed()} (0 before the first collection). */
    static double heapAfterGc() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                MemoryUsage usage = pool.getCollectionUsage();
                if (usage != null) {
                    sum += usage.getUsed();
                }
            }
        }
        return sum;
    }
}
