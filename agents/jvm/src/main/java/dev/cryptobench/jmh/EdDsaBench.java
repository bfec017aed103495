package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.interfaces.EdECPublicKey;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** EdDSA (RFC 8032) sign and verify on Ed25519 and Ed448. */
public class EdDsaBench extends SignatureBench {
    @Param({"ed25519", "ed448"})
    public String curve;

    @Param({"1024"})
    public int messageBytes;

    @Param({"SunEC"})
    public String provider;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        String name = curve.equals("ed448") ? "Ed448" : "Ed25519";
        KeyPair pair = KeyPairGenerator.getInstance(name, jca).generateKeyPair();
        String actual = ((EdECPublicKey) pair.getPublic()).getParams().getName();
        if (!actual.equalsIgnoreCase(name)) {
            throw new IllegalStateException("public key is on " + actual + ", not " + name);
        }
        prepare(pair, Signature.getInstance(name, jca), Signature.getInstance(name, jca), messageBytes);
    }
}
