package dev.cryptobench.jmh;

import java.security.Provider;
import java.security.Security;
import java.util.Random;

import org.bouncycastle.jce.provider.BouncyCastleProvider;

/** JCA provider lookup by the name a benchmark takes as its {@code provider} parameter. */
final class Providers {
    static {
        if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    private Providers() {
    }

    /** The installed provider called {@code name} (SunEC, SunRsaSign, SunJCE, SUN, BC...). */
    static Provider named(String name) {
        Provider provider = Security.getProvider(name);
        if (provider == null) {
            throw new IllegalStateException("no JCA provider named " + name + " in this JVM");
        }
        return provider;
    }

    /** A message of {@code size} bytes, the same for every run so that runs stay comparable. */
    static byte[] message(int size) {
        byte[] message = new byte[size];
        new Random(size).nextBytes(message);
        return message;
    }
}
