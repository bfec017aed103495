package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sign and verify, shared by every signature family. Each subclass declares its parameters and,
 * in its trial setup, makes the keys and calls {@link #prepare}; key generation is never timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public abstract class SignatureBench {
    private KeyPair keys;
    private byte[] message;
    private byte[] signature;
    private Signature signer;
    private Signature verifier;

    /** Keep the keys and a signature of the message, after one sign/verify round trip proved them. */
    protected final void prepare(KeyPair pair, Signature signing, Signature verifying, int messageBytes)
            throws GeneralSecurityException {
        keys = pair;
        signer = signing;
        verifier = verifying;
        message = Providers.message(messageBytes);
        signer.initSign(keys.getPrivate());
        signer.update(message);
        signature = signer.sign();
        verifier.initVerify(keys.getPublic());
        verifier.update(message);
        if (!verifier.verify(signature)) {
            throw new IllegalStateException(signer.getAlgorithm() + " signature did not verify");
        }
    }

    @Benchmark
    public byte[] sign() throws GeneralSecurityException {
        signer.initSign(keys.getPrivate());
        signer.update(message);
        return signer.sign();
    }

    @Benchmark
    public boolean verify() throws GeneralSecurityException {
        verifier.initVerify(keys.getPublic());
        verifier.update(message);
        return verifier.verify(signature);
    }
}
