package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * ECDSA sign and verify on the NIST prime curves with the JDK's SunEC provider.
 *
 * <p>{@code -p provider=BC} runs the same on Bouncy Castle; secp256r1 at 1024 bytes lines up
 * with {@link EcdsaBench}, so one chart puts SunEC and Bouncy Castle side by side.
 */
public class EcdsaCurveBench extends SignatureBench {
    @Param({"secp256r1", "secp384r1", "secp521r1"})
    public String curve;

    @Param({"1024"})
    public int messageBytes;

    @Param({"SHA-256"})
    public String hash;

    @Param({"SunEC"})
    public String provider;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        EcdsaBench.prepareEcdsa(this, curve, hash, provider, messageBytes);
    }
}
