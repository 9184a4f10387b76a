package io.paradigmlab.chatapp.domain;

import static io.paradigmlab.chatapp.domain.Kind.BLOCKCAST;
import static io.paradigmlab.chatapp.domain.Kind.BROADCAST;
import static io.paradigmlab.chatapp.domain.Kind.UNICAST;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecipientsTest {

    private static final Set<String> ONLINE = new LinkedHashSet<>(List.of("a", "b", "c", "d"));

    @Test
    void broadcast_goes_to_everyone_online_but_the_sender() {
        assertThat(Recipients.of(BROADCAST, List.of(), "a", ONLINE)).containsExactly("b", "c", "d");
        // a sender that is not in the set (logged out meanwhile) changes nothing
        assertThat(Recipients.of(BROADCAST, List.of(), "z", ONLINE)).containsExactly("a", "b", "c", "d");
    }

    @Test
    void unicast_goes_to_the_target_if_online() {
        assertThat(Recipients.of(UNICAST, List.of("b"), "a", ONLINE)).containsExactly("b");
        assertThat(Recipients.of(UNICAST, List.of("z"), "a", ONLINE)).isEmpty();
        assertThat(Recipients.of(UNICAST, List.of("a"), "a", ONLINE)).isEmpty();
    }

    @Test
    void blockcast_goes_to_everyone_but_the_sender_and_the_blocked() {
        assertThat(Recipients.of(BLOCKCAST, List.of("b", "c"), "a", ONLINE)).containsExactly("d");
        assertThat(Recipients.of(BLOCKCAST, List.of("z"), "a", ONLINE)).containsExactly("b", "c", "d");
        assertThat(Recipients.of(BLOCKCAST, List.of("b", "c", "d"), "a", ONLINE)).isEmpty();
    }

    @Test
    void an_edit_adds_the_author_and_removes_the_editor() {
        // broadcast by a, edited by b: c, d and a
        assertThat(Recipients.ofEdit(BROADCAST, List.of(), "a", "b", ONLINE)).containsExactlyInAnyOrder("a", "c", "d");
        // edited by the author: the others only
        assertThat(Recipients.ofEdit(BROADCAST, List.of(), "a", "a", ONLINE)).containsExactlyInAnyOrder("b", "c", "d");
        // unicast a -> b edited by c: b and a
        assertThat(Recipients.ofEdit(UNICAST, List.of("b"), "a", "c", ONLINE)).containsExactlyInAnyOrder("a", "b");
        // unicast a -> b edited by b (public): a only
        assertThat(Recipients.ofEdit(UNICAST, List.of("b"), "a", "b", ONLINE)).containsExactly("a");
        // blockcast a !b edited by b: c, d and a (the blocked editor gets the ack, not the frame)
        assertThat(Recipients.ofEdit(BLOCKCAST, List.of("b"), "a", "b", ONLINE)).containsExactlyInAnyOrder("a", "c", "d");
        // blockcast a !b edited by d: c and a, never b
        assertThat(Recipients.ofEdit(BLOCKCAST, List.of("b"), "a", "d", ONLINE)).containsExactlyInAnyOrder("a", "c");
        // the author logged out: not added
        assertThat(Recipients.ofEdit(BROADCAST, List.of(), "z", "b", ONLINE)).containsExactlyInAnyOrder("a", "c", "d");
    }

    @Test
    void the_result_is_a_new_set() {
        Set<String> result = Recipients.of(BROADCAST, List.of(), "a", ONLINE);
        result.clear();
        assertThat(ONLINE).containsExactly("a", "b", "c", "d");
    }
}
