package io.paradigmlab.chatapp.spec;

import io.paradigmlab.chatapp.lab.ChatVariant;

/**
 * ChatApp's behaviour suite against the {@code platform} variant.
 */
class PlatformChatIT extends ChatSpec {

    @Override
    ChatVariant variant() {
        return ChatVariant.PLATFORM;
    }
}
