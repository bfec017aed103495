package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
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

/**
 * RSA key-pair generation. One key takes from milliseconds to seconds and varies a lot with the
 * primes found, so each key is one single-shot measurement and the score is their mean.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 20)
@Fork(1)
public class RsaKeyGenBench {
    @Param({"2048", "3072", "4096"})
    public int keyBits;

    @Param({"SunRsaSign"})
    public String provider;

    private KeyPairGenerator generator;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        generator = KeyPairGenerator.getInstance("RSA", Providers.named(provider));
        generator.initialize(keyBits);
    }

    @Benchmark
    public KeyPair keygen() {
        return generator.generateKeyPair();
    }
}
