package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.concurrent.TimeUnit;

import org.bouncycastle.util.encoders.Hex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Seed 001: sm2p256v1 key pairs with the public key encoded compressed or uncompressed, the
 * keys proven by SM3withSM2 in the setup ({@link Sm2SignatureBench} times SM3withSM2 itself).
 *
 * <p>{@code -p curve=secp256r1} makes the keygen setup fail, as a key of the wrong curve must.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class Sm2Bench {
    private static final byte[] PROOF_MESSAGE = Providers.message(32);

    @State(Scope.Benchmark)
    public static class Keys {
        @Param({"sm2p256v1"})
        public String curve;

        @Param({"compressed", "uncompressed"})
        public String encoding;

        @Param({"BC"})
        public String provider;

        KeyPairGenerator generator;
        KeyPair pair;

        @Setup(Level.Trial)
        public void setUp() throws GeneralSecurityException {
            generator = KeyPairGenerator.getInstance("EC", Providers.named(provider));
            generator.initialize(new ECGenParameterSpec(curve));
            pair = generator.generateKeyPair();
            Sm2Keys.prove(pair, Sm2Keys.encode(pair, encoding), PROOF_MESSAGE);
        }
    }

    /** A new key pair and its encoded public key. */
    @Benchmark
    public byte[] keygen(Keys keys) {
        return Sm2Keys.encode(keys.generator.generateKeyPair(), keys.encoding);
    }

    /** The public key of one key pair in hex, as seed 001 printed it. */
    @Benchmark
    public String encode(Keys keys) {
        return Hex.toHexString(Sm2Keys.encode(keys.pair, keys.encoding));
    }
}
