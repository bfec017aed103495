package dev.cryptobench.jmh;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;

/**
 * RSA-2048 PKCS#1 v1.5 decryption, valid vs invalid padding (the Marvin attack's question).
 * Valid: a fresh random 48-byte message (a TLS premaster secret's size) encrypted with the
 * padding. Invalid: a fresh random block whose first byte is 0 and second byte is not 2 (the
 * header check fails, as for almost every forged ciphertext), raised to e mod n. The timed call
 * is {@code doFinal}; an invalid padding's exception is caught inside the measurement, as an
 * application would catch it.
 */
final class RsaDecryptLeak extends LeakScreen {
    static final int KEY_BITS = 2048;
    static final int MESSAGE_BYTES = 48;
    private final Cipher decryptor;
    private final Cipher encryptor;
    private final RSAPublicKey publicKey;
    private final SecureRandom random;

    RsaDecryptLeak(Provider cipherProvider, Provider keyProvider, String library, String version,
            SecureRandom random) throws GeneralSecurityException {
        super("leak-rsa-decrypt", "cipher", "RSA", "decrypt", library, version,
                new String[] {"valid", "invalid"}, params());
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA", keyProvider);
        generator.initialize(KEY_BITS, random);
        KeyPair pair = generator.generateKeyPair();
        this.publicKey = (RSAPublicKey) pair.getPublic();
        this.random = random;
        this.decryptor = Cipher.getInstance("RSA/ECB/PKCS1Padding", cipherProvider);
        this.decryptor.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        this.encryptor = Cipher.getInstance("RSA/ECB/PKCS1Padding", cipherProvider);
        this.encryptor.init(Cipher.ENCRYPT_MODE, publicKey);
        check();
    }

    private static Map<String, Object> params() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("key_bits", KEY_BITS);
        params.put("padding", "pkcs1v15");
        params.put("message_bytes", MESSAGE_BYTES);
        return params;
    }

    @Override
    Object prepare(int cls) throws GeneralSecurityException {
        return cls == 0 ? encryptor.doFinal(message()) : invalid();
    }

    @Override
    Object run(Object input) throws GeneralSecurityException {
        try {
            return decryptor.doFinal((byte[]) input);
        } catch (BadPaddingException e) {
            return e;
        }
    }

    private byte[] message() {
        byte[] message = new byte[MESSAGE_BYTES];
        random.nextBytes(message);
        return message;
    }

    private byte[] invalid() {
        int length = KEY_BITS / 8;
        byte[] block = new byte[length];
        do {
            random.nextBytes(block);
        } while (block[1] == 2);
        block[0] = 0;
        byte[] c = new BigInteger(1, block).modPow(publicKey.getPublicExponent(), publicKey.getModulus())
                .toByteArray();
        byte[] ciphertext = new byte[length];
        int copied = Math.min(c.length, length);
        System.arraycopy(c, c.length - copied, ciphertext, length - copied, copied);
        return ciphertext;
    }

    /** Before timing: a valid ciphertext decrypts to its message, an invalid one is refused,
     * and the cipher decrypts again after refusing one. */
    private void check() throws GeneralSecurityException {
        byte[] message = message();
        byte[] first = decryptor.doFinal(encryptor.doFinal(message));
        if (!(run(invalid()) instanceof BadPaddingException)) {
            throw new IllegalStateException(library + " accepted an invalid PKCS#1 v1.5 padding");
        }
        byte[] again = decryptor.doFinal(encryptor.doFinal(message));
        if (!Arrays.equals(first, message) || !Arrays.equals(again, message)) {
            throw new IllegalStateException(library + " did not decrypt what it encrypted");
        }
    }
}
