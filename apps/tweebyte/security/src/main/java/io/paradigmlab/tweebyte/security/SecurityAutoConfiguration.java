package io.paradigmlab.tweebyte.security;

import java.security.KeyPair;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Token and password beans for every Tweebyte service, configured by {@link SecurityProperties}. */
@AutoConfiguration
@EnableConfigurationProperties(SecurityProperties.class)
public class SecurityAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SecurityAutoConfiguration.class);

    /** The key pair in use: from the configured files, else generated for this process alone. */
    public record Keys(RSAPrivateKey privateKey, RSAPublicKey publicKey) {
    }

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    Keys tokenKeys(SecurityProperties properties) {
        if (properties.publicKey() == null && properties.privateKey() == null) {
            log.warn("tweebyte.security.public-key and private-key are not set: using a throw-away key pair;"
                    + " tokens from this process verify only here");
            KeyPair pair = KeyMaterial.generate();
            return new Keys((RSAPrivateKey) pair.getPrivate(), (RSAPublicKey) pair.getPublic());
        }
        if (properties.publicKey() == null) {
            throw new IllegalStateException("tweebyte.security.private-key is set but public-key is not");
        }
        RSAPrivateKey privateKey = properties.privateKey() == null ? null : KeyMaterial.readPrivate(properties.privateKey());
        return new Keys(privateKey, KeyMaterial.readPublic(properties.publicKey()));
    }

    @Bean
    TokenVerifier tokenVerifier(Keys keys, Clock clock) {
        return new TokenVerifier(keys.publicKey(), clock);
    }

    @Bean
    Authenticator authenticator(TokenVerifier verifier, SecurityProperties properties) {
        if (!properties.enabled()) {
            log.warn("tweebyte.security.enabled=false: tokens are not checked and ownership is not enforced");
        }
        return new Authenticator(verifier, properties.enabled());
    }

    /** Only services that issue tokens need it; it fails at first use, with a clear message, without a private key. */
    @Bean
    TokenIssuing tokenIssuing(Keys keys, Clock clock, SecurityProperties properties) {
        return new TokenIssuing(keys.privateKey() == null ? null
                : new TokenIssuer(keys.privateKey(), clock, properties.tokenLifetime()));
    }

    @Bean
    PasswordHasher passwordHasher(SecurityProperties properties) {
        return new PasswordHasher(properties.bcryptStrength());
    }

    /** Holder so that services without a private key can still start. */
    public record TokenIssuing(TokenIssuer issuer) {
        public TokenIssuer require() {
            if (issuer == null) {
                throw new IllegalStateException("This service has no tweebyte.security.private-key to sign tokens with");
            }
            return issuer;
        }
    }
}
