package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** SM2 signatures (SM3withSM2, GB/T 32918) on sm2p256v1 with Bouncy Castle. */
public class Sm2SignatureBench extends SignatureBench {
    @Param({"sm2p256v1"})
    public String curve;

    @Param({"SM3"})
    public String hash;

    @Param({"1024"})
    public int messageBytes;

    @Param({"BC"})
    public String provider;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", jca);
        generator.initialize(new ECGenParameterSpec(curve));
        KeyPair pair = generator.generateKeyPair();
        Sm2Keys.prove(pair, Sm2Keys.encode(pair, "uncompressed"), Providers.message(32));
        String algorithm = hash + "withSM2";
        prepare(pair, Signature.getInstance(algorithm, jca), Signature.getInstance(algorithm, jca), messageBytes);
    }
}
