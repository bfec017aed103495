package dev.cryptobench.jmh;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

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
 * Authenticated encryption over openssl-speed-like message sizes. Every encryption takes a fresh
 * 96-bit nonce (a counter), as the JCA refuses nonce reuse; decryption opens two sealed messages
 * in turn (SunJCE's ChaCha20-Poly1305 refuses the same key and nonce twice in a row, even to decrypt).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class AeadBench {
    @Param({"AES-128-GCM", "AES-256-GCM", "ChaCha20-Poly1305"})
    public String cipher;

    @Param({"16", "256", "1024", "8192", "16384"})
    public int messageBytes;

    @Param({"SunJCE"})
    public String provider;

    private Cipher encryptor;
    private Cipher decryptor;
    private SecretKeySpec key;
    private byte[] message;
    private final byte[][] sealed = new byte[2][];
    private long counter;
    private int turn;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        Provider jca = Providers.named(provider);
        boolean gcm = cipher.startsWith("AES-");
        String transformation = gcm ? "AES/GCM/NoPadding" : "ChaCha20-Poly1305";
        int keyBytes = cipher.equals("AES-128-GCM") ? 16 : 32;
        key = new SecretKeySpec(Providers.message(keyBytes), gcm ? "AES" : "ChaCha20");
        encryptor = Cipher.getInstance(transformation, jca);
        decryptor = Cipher.getInstance(transformation, jca);
        message = Providers.message(messageBytes);
        sealed[0] = encrypt();
        sealed[1] = encrypt();
        if (!Arrays.equals(decrypt(), message) || !Arrays.equals(decrypt(), message)) {
            throw new IllegalStateException(cipher + " did not decrypt to the message it sealed");
        }
    }

    private AlgorithmParameterSpec spec(long nonceCounter) {
        byte[] nonce = ByteBuffer.allocate(12).putLong(4, nonceCounter).array();
        return cipher.startsWith("AES-") ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce);
    }

    @Benchmark
    public byte[] encrypt() throws GeneralSecurityException {
        encryptor.init(Cipher.ENCRYPT_MODE, key, spec(++counter));
        return encryptor.doFinal(message);
    }

    @Benchmark
    public byte[] decrypt() throws GeneralSecurityException {
        turn ^= 1;
        decryptor.init(Cipher.DECRYPT_MODE, key, spec(turn + 1L));
        return decryptor.doFinal(sealed[turn]);
    }
}
