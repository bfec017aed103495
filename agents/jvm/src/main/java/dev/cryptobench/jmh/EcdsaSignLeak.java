package dev.cryptobench.jmh;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.LinkedHashMap;
import java.util.Map;

import org.bouncycastle.jce.ECNamedCurveTable;

/**
 * ECDSA secp256r1 signing (SHA-256, one fixed 32-byte message), fixed vs random private key.
 * The fixed key is a low-Hamming-weight corner case, as dudect advises for arithmetic: the top
 * bit of the order's length and bit 0 (2^255 + 1), the same as the Python ECC leak test's. Each
 * sample gets its own private key object and a {@code Signature} initialized with it before the
 * measurement, the fixed class's too; the timed region is {@code update} and {@code sign} (the
 * nonce is the provider's own, random).
 */
final class EcdsaSignLeak extends LeakScreen {
    static final String CURVE = "secp256r1";
    static final int MESSAGE_BYTES = 32;
    private final Provider provider;
    private final ECParameterSpec spec;
    private final KeyFactory keys;
    private final BigInteger fixed;
    private final byte[] message = Providers.message(MESSAGE_BYTES);
    private final SecureRandom random;

    EcdsaSignLeak(Provider provider, String library, String version, SecureRandom random)
            throws GeneralSecurityException {
        super("leak-ecdsa-sign", "signature", "ECDSA", "sign", library, version,
                new String[] {"fixed", "random"}, params());
        this.provider = provider;
        this.random = random;
        this.spec = ((ECPrivateKey) EcKeys.generate(provider, CURVE).getPrivate()).getParams();
        this.keys = KeyFactory.getInstance("EC", provider);
        BigInteger order = spec.getOrder();
        this.fixed = BigInteger.ONE.shiftLeft(order.bitLength() - 1).setBit(0);
        check();
    }

    private static Map<String, Object> params() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("curve", CURVE);
        params.put("hash", "SHA-256");
        params.put("message_bytes", MESSAGE_BYTES);
        return params;
    }

    @Override
    Object prepare(int cls) throws GeneralSecurityException {
        Signature signer = Signature.getInstance("SHA256withECDSA", provider);
        signer.initSign(key(cls == 0 ? fixed : randomScalar()), random);
        return signer;
    }

    @Override
    Object run(Object input) throws GeneralSecurityException {
        Signature signer = (Signature) input;
        signer.update(message);
        return signer.sign();
    }

    private BigInteger randomScalar() {
        BigInteger order = spec.getOrder();
        BigInteger d;
        do {
            d = new BigInteger(order.bitLength(), random);
        } while (d.signum() == 0 || d.compareTo(order) >= 0);
        return d;
    }

    private PrivateKey key(BigInteger d) throws GeneralSecurityException {
        return keys.generatePrivate(new ECPrivateKeySpec(d, spec));
    }

    /** Before timing: the fixed key's signature verifies under its public key (computed apart,
     * with Bouncy Castle's curve arithmetic). */
    private void check() throws GeneralSecurityException {
        org.bouncycastle.math.ec.ECPoint q = ECNamedCurveTable.getParameterSpec(CURVE).getG()
                .multiply(fixed).normalize();
        ECPoint w = new ECPoint(q.getAffineXCoord().toBigInteger(), q.getAffineYCoord().toBigInteger());
        PublicKey publicKey = keys.generatePublic(new ECPublicKeySpec(w, spec));
        byte[] signature = (byte[]) run(prepare(0));
        Signature verifier = Signature.getInstance("SHA256withECDSA", provider);
        verifier.initVerify(publicKey);
        verifier.update(message);
        if (!verifier.verify(signature)) {
            throw new IllegalStateException(library + ": the fixed key's signature does not verify");
        }
    }
}
