package dev.cryptobench.jmh;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;

import org.bouncycastle.jce.ECNamedCurveTable;
import org.bouncycastle.jce.interfaces.ECPrivateKey;
import org.bouncycastle.jce.interfaces.ECPublicKey;
import org.bouncycastle.jce.spec.ECNamedCurveParameterSpec;
import org.bouncycastle.jce.spec.ECPrivateKeySpec;
import org.bouncycastle.jce.spec.ECPublicKeySpec;
import org.bouncycastle.math.ec.ECPoint;

/**
 * Proof that a key pair belongs to sm2p256v1: its encoded public key is decoded as a point of
 * that curve (a point of another curve fails with "Invalid point coordinates") and the pair
 * must sign and verify with SM3withSM2.
 */
final class Sm2Keys {
    static final String CURVE = "sm2p256v1";

    private Sm2Keys() {
    }

    /** The public key's point, compressed (02/03 + X) or uncompressed (04 + X + Y). */
    static byte[] encode(KeyPair pair, String encoding) {
        boolean compressed = switch (encoding) {
            case "compressed" -> true;
            case "uncompressed" -> false;
            default -> throw new IllegalArgumentException("encoding must be compressed or uncompressed, not " + encoding);
        };
        return ((ECPublicKey) pair.getPublic()).getQ().getEncoded(compressed);
    }

    /** Throws unless {@code encodedPublic} and the private key form a working sm2p256v1 pair. */
    static void prove(KeyPair pair, byte[] encodedPublic, byte[] message) throws GeneralSecurityException {
        ECNamedCurveParameterSpec sm2 = ECNamedCurveTable.getParameterSpec(CURVE);
        ECPoint point = sm2.getCurve().decodePoint(encodedPublic);
        KeyFactory factory = KeyFactory.getInstance("EC", Providers.named("BC"));
        BigInteger secret = ((ECPrivateKey) pair.getPrivate()).getD();
        PrivateKey privateKey = factory.generatePrivate(new ECPrivateKeySpec(secret, sm2));
        PublicKey publicKey = factory.generatePublic(new ECPublicKeySpec(point, sm2));
        Signature signer = Signature.getInstance("SM3withSM2", Providers.named("BC"));
        signer.initSign(privateKey);
        signer.update(message);
        byte[] signature = signer.sign();
        signer.initVerify(publicKey);
        signer.update(message);
        if (!signer.verify(signature)) {
            throw new IllegalStateException("SM3withSM2 rejected the key pair: it is not on " + CURVE);
        }
    }
}
