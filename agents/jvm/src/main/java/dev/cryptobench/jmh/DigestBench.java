package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;

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

/** Message digests over the same sizes as {@link AeadBench}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class DigestBench {
    @Param({"SHA-256", "SHA3-256"})
    public String hash;

    @Param({"16", "256", "1024", "8192", "16384"})
    public int messageBytes;

    @Param({"SUN"})
    public String provider;

    private MessageDigest digest;
    private byte[] message;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        digest = MessageDigest.getInstance(hash, Providers.named(provider));
        message = Providers.message(messageBytes);
    }

    @Benchmark
    public byte[] hash() {
        return digest.digest(message);
    }
}
