package io.paradigmlab.chatapp.spec;

import io.paradigmlab.chatapp.lab.ChatVariant;

/**
 * ChatApp's behaviour suite against the {@code rxjava} variant. BlockHound is installed in the server (the lab
 * launches it with {@code -Dchatapp.blockhound=true}), so a blocking call on an event loop or a computation thread
 * fails its request.
 */
class RxJavaChatIT extends ChatSpec {

    @Override
    ChatVariant variant() {
        return ChatVariant.RXJAVA;
    }
}
