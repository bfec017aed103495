package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.SecureRandom;
import java.util.List;

/**
 * dudect-style timing-leak screens of the JVM providers (JMH cannot interleave input classes):
 * RSA PKCS#1 v1.5 decryption, valid vs invalid padding, in SunJCE (over a SunRsaSign key) and
 * Bouncy Castle; ECDSA secp256r1 signing, fixed vs random key, in SunEC and Bouncy Castle.
 *
 * <p>Per screen: {@code --warmup} untimed samples of each class (for the JIT), then
 * {@code --samples} of each; the classes come in a random order, every input of a batch is
 * prepared before its first timed call, and {@code System.nanoTime()} brackets the operation
 * only. Output (JSON Lines on stdout): a header object
 * {@code {"harness":"cryptobench-jvm-leak","format":1,"java":..,"samples":..,"warmup":..}},
 * then one object per screen and class with the result's name, family, algorithm, operation,
 * library, library_version, params (input_class among them) and raw (every sample in ns, in
 * the order taken). Run: {@code java -cp target/benchmarks.jar dev.cryptobench.jmh.LeakTest
 * [--samples N] [--warmup N]}.
 */
public final class LeakTest {
    static final int MAX_SAMPLES = 100_000;
    private static volatile int consumed;

    private LeakTest() {
    }

    public static void main(String[] args) throws GeneralSecurityException {
        int samples = 2000;
        int warmup = 1000;
        for (int i = 0; i < args.length; i += 2) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--samples" -> samples = count(args[i], value, 2);
                case "--warmup" -> warmup = count(args[i], value, 0);
                default -> usage("unknown option " + args[i]);
            }
        }
        SecureRandom random = new SecureRandom();
        String java = System.getProperty("java.version");
        System.out.println("{\"harness\":\"cryptobench-jvm-leak\",\"format\":1,\"java\":\"" + java
                + "\",\"samples\":" + samples + ",\"warmup\":" + warmup + "}");
        for (LeakScreen screen : screens(random, java)) {
            measure(screen, warmup, random);
            long[][] taken = measure(screen, samples, random);
            System.out.println(screen.json(0, taken[0]));
            System.out.println(screen.json(1, taken[1]));
        }
    }

    private static List<LeakScreen> screens(SecureRandom random, String java)
            throws GeneralSecurityException {
        Provider bc = Providers.named("BC");
        return List.of(
                new RsaDecryptLeak(Providers.named("SunJCE"), Providers.named("SunRsaSign"), "SunJCE",
                        java, random),
                new RsaDecryptLeak(bc, bc, "Bouncy Castle", bc.getVersionStr(), random),
                new EcdsaSignLeak(Providers.named("SunEC"), "SunEC", java, random),
                new EcdsaSignLeak(bc, "Bouncy Castle", bc.getVersionStr(), random));
    }

    /** Each class {@code samples} times in a random order: every input prepared first, then
     * each timed; per class, the times (ns) in the order taken. */
    static long[][] measure(LeakScreen screen, int samples, SecureRandom random)
            throws GeneralSecurityException {
        int[] order = new int[2 * samples];
        for (int i = samples; i < order.length; i++) {
            order[i] = 1;
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        Object[] inputs = new Object[order.length];
        for (int i = 0; i < order.length; i++) {
            inputs[i] = screen.prepare(order[i]);
        }
        long[][] taken = new long[2][samples];
        int[] filled = new int[2];
        int sink = 0;
        for (int i = 0; i < order.length; i++) {
            long t0 = System.nanoTime();
            Object out = screen.run(inputs[i]);
            long t1 = System.nanoTime();
            sink ^= System.identityHashCode(out);
            taken[order[i]][filled[order[i]]++] = t1 - t0;
            inputs[i] = null;
        }
        consumed = sink;
        return taken;
    }

    private static int count(String option, String value, int least) {
        try {
            int n = Integer.parseInt(value);
            if (n >= least && n <= MAX_SAMPLES) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        usage(option + " takes a whole number from " + least + " to " + MAX_SAMPLES + ", not '" + value + "'");
        return least;
    }

    private static void usage(String message) {
        System.err.println("LeakTest: " + message);
        System.err.println("usage: java -cp benchmarks.jar dev.cryptobench.jmh.LeakTest [--samples N] [--warmup N]");
        System.exit(2);
    }
}
