package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import javax.crypto.KeyAgreement;

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

/** Shared-secret derivation: ECDH on the NIST curves, X25519 and X448 (RFC 7748). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class KeyAgreementBench {
    @Param({"secp256r1", "secp384r1", "x25519", "x448"})
    public String curve;

    @Param({"SunEC"})
    public String provider;

    private KeyAgreement agreement;
    private KeyPair ours;
    private KeyPair theirs;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        boolean montgomery = curve.startsWith("x");
        String algorithm = montgomery ? "XDH" : "ECDH";
        ours = montgomery ? xdhKeys(jca) : EcKeys.generate(jca, curve);
        theirs = montgomery ? xdhKeys(jca) : EcKeys.generate(jca, curve);
        agreement = KeyAgreement.getInstance(algorithm, jca);
        KeyAgreement other = KeyAgreement.getInstance(algorithm, jca);
        other.init(theirs.getPrivate());
        other.doPhase(ours.getPublic(), true);
        if (!Arrays.equals(derive(), other.generateSecret())) {
            throw new IllegalStateException(algorithm + " on " + curve + ": the two sides derived different secrets");
        }
    }

    private KeyPair xdhKeys(Provider jca) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("XDH", jca);
        generator.initialize(new NamedParameterSpec(curve.toUpperCase()));
        return generator.generateKeyPair();
    }

    @Benchmark
    public byte[] derive() throws GeneralSecurityException {
        agreement.init(ours.getPrivate());
        agreement.doPhase(theirs.getPublic(), true);
        return agreement.generateSecret();
    }
}
