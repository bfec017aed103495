package dev.cryptobench.jmh;

import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;

/** Elliptic-curve key pairs made and checked before anything is timed. */
final class EcKeys {
    private EcKeys() {
    }

    /** A key pair on {@code curve} from {@code provider}, refused unless its public key lies on that curve. */
    static KeyPair generate(Provider provider, String curve) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC", provider);
        try {
            generator.initialize(new ECGenParameterSpec(curve));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(provider.getName() + " cannot make keys on " + curve
                    + " in this JVM (JDK 16+ SunEC has only secp256r1, secp384r1, secp521r1)", e);
        }
        KeyPair pair = generator.generateKeyPair();
        requireCurve((ECPublicKey) pair.getPublic(), provider, curve);
        return pair;
    }

    private static void requireCurve(ECPublicKey key, Provider provider, String curve)
            throws GeneralSecurityException {
        AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC", provider);
        parameters.init(new ECGenParameterSpec(curve));
        ECParameterSpec expected = parameters.getParameterSpec(ECParameterSpec.class);
        ECParameterSpec actual = key.getParams();
        boolean same = expected.getCurve().equals(actual.getCurve())
                && expected.getGenerator().equals(actual.getGenerator())
                && expected.getOrder().equals(actual.getOrder());
        if (!same) {
            throw new IllegalStateException("public key is not on " + curve);
        }
    }
}
