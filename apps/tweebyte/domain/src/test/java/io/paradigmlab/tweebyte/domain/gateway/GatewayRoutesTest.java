package io.paradigmlab.tweebyte.domain.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GatewayRoutesTest {

    @Test
    void logInRegisterAndTheOpenApiDocumentsPassWithoutAToken() {
        assertThat(GatewayRoutes.isOpen("POST", "/user-service/auth/login")).isTrue();
        assertThat(GatewayRoutes.isOpen("POST", "/user-service/auth/register")).isTrue();
        for (GatewayRoutes.Route route : GatewayRoutes.ROUTES) {
            assertThat(GatewayRoutes.isOpen("GET", route.prefix() + "/v3/api-docs")).as(route.service()).isTrue();
            assertThat(GatewayRoutes.isOpen("GET", route.prefix() + "/v3/api-docs.yaml")).as(route.service()).isTrue();
        }
        assertThat(GatewayRoutes.USER.openApiPath()).isEqualTo("/user-service/v3/api-docs");
    }

    @Test
    void anyOtherMethodOrSpellingNeedsAToken() {
        assertThat(GatewayRoutes.isOpen("GET", "/user-service/auth/login")).isFalse();
        assertThat(GatewayRoutes.isOpen("POST", "/user-service/auth/login/")).isFalse();
        assertThat(GatewayRoutes.isOpen("POST", "/user-service/v3/api-docs")).isFalse();
        assertThat(GatewayRoutes.isOpen("DELETE", "/tweet-service/v3/api-docs")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/tweet-service/v3/api-docs/")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/tweet-service/v3/api-docs/x")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/tweet-service/v3/%61pi-docs")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/tweet-service/x/../v3/api-docs")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/v3/api-docs")).isFalse();
        assertThat(GatewayRoutes.isOpen("GET", "/tweet-service/tweets/user/1")).isFalse();
    }

    @Test
    void theCallsBetweenServicesAreNotRoutedHoweverSpelled() {
        assertThat(GatewayRoutes.isInternal("/user-service/internal/users/summaries/by-id")).isTrue();
        assertThat(GatewayRoutes.isInternal("/tweet-service/internal/tweets/deletions")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service/internal")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service/%69nternal/users")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service/internal;x=1/users")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service//internal/users")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service/./internal/users")).isTrue();
        assertThat(GatewayRoutes.isInternal("/user-service/users/../internal/users")).isTrue();

        assertThat(GatewayRoutes.isInternal("/user-service/users/internal")).isFalse();
        assertThat(GatewayRoutes.isInternal("/user-service/internals")).isFalse();
        assertThat(GatewayRoutes.isInternal("/tweet-service/tweets/search/internal")).isFalse();
        assertThat(GatewayRoutes.isInternal("/internal/users")).isFalse();
        assertThat(GatewayRoutes.isInternal("/user-service/%zz/internal")).isFalse();
    }
}
