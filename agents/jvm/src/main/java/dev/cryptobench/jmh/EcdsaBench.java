package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Signature;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Seed 001: SHA256withECDSA sign and verify, secp256r1 against secp256k1, over message sizes.
 *
 * <p>Both curves run on one provider so the comparison is fair. Bouncy Castle is the default
 * because JDK 16+ SunEC no longer has secp256k1; {@code -p provider=SunEC -p curve=secp256r1}
 * measures the JDK's own implementation, and SunEC with secp256k1 fails the setup.
 */
public class EcdsaBench extends SignatureBench {
    @Param({"secp256r1", "secp256k1"})
    public String curve;

    @Param({"128", "256", "1024", "1048576"})
    public int messageBytes;

    @Param({"SHA-256"})
    public String hash;

    @Param({"BC"})
    public String provider;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        prepareEcdsa(this, curve, hash, provider, messageBytes);
    }

    static void prepareEcdsa(SignatureBench bench, String curve, String hash, String provider, int messageBytes)
            throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        String algorithm = hash.replace("-", "") + "withECDSA";
        bench.prepare(EcKeys.generate(jca, curve), Signature.getInstance(algorithm, jca),
                Signature.getInstance(algorithm, jca), messageBytes);
    }
}
