package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * RSA sign and verify with PKCS#1 v1.5 and PSS padding (seed 002's key sizes, so JVM and
 * ESP32-C6 figures share a chart). The trial setup makes the key pair, so even the seconds a
 * 4096-bit key takes to generate stay out of the measurement.
 */
public class RsaBench extends SignatureBench {
    @Param({"2048", "3072", "4096"})
    public int keyBits;

    @Param({"pkcs1v15", "pss"})
    public String padding;

    @Param({"SHA-256"})
    public String hash;

    @Param({"32"})
    public int messageBytes;

    @Param({"SunRsaSign"})
    public String provider;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", jca);
        generator.initialize(keyBits);
        KeyPair pair = generator.generateKeyPair();
        int bits = ((RSAPublicKey) pair.getPublic()).getModulus().bitLength();
        if (bits != keyBits) {
            throw new IllegalStateException("RSA modulus has " + bits + " bits, not " + keyBits);
        }
        prepare(pair, signature(jca), signature(jca), messageBytes);
    }

    private Signature signature(Provider jca) throws GeneralSecurityException {
        String digest = hash.replace("-", "");
        return switch (padding) {
            case "pkcs1v15" -> Signature.getInstance(digest + "withRSA", jca);
            case "pss" -> {
                Signature pss = Signature.getInstance("RSASSA-PSS", jca);
                MGF1ParameterSpec mgf = new MGF1ParameterSpec(hash);
                int saltBytes = MessageDigest.getInstance(hash).getDigestLength();
                pss.setParameter(new PSSParameterSpec(hash, "MGF1", mgf, saltBytes, 1));
                yield pss;
            }
            default -> throw new IllegalArgumentException("padding must be pkcs1v15 or pss, not " + padding);
        };
    }
}
