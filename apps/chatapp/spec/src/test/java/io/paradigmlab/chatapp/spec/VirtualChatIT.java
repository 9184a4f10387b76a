package io.paradigmlab.chatapp.spec;

import io.paradigmlab.chatapp.lab.ChatVariant;

/**
 * ChatApp's behaviour suite against the {@code virtual} variant.
 */
class VirtualChatIT extends ChatSpec {

    @Override
    ChatVariant variant() {
        return ChatVariant.VIRTUAL;
    }
}
