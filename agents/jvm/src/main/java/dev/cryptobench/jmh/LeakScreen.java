package dev.cryptobench.jmh;

import java.security.GeneralSecurityException;
import java.util.Map;

/**
 * One timing-leak screen of {@link LeakTest}: an operation measured on two input classes.
 * {@link #prepare} makes one sample's input outside the measurement; {@link #run} is the timed
 * operation and does nothing else.
 */
abstract class LeakScreen {
    final String name;
    final String family;
    final String algorithm;
    final String operation;
    final String library;
    final String libraryVersion;
    final String[] classes;
    final Map<String, Object> params;

    LeakScreen(String name, String family, String algorithm, String operation, String library,
            String libraryVersion, String[] classes, Map<String, Object> params) {
        this.name = name;
        this.family = family;
        this.algorithm = algorithm;
        this.operation = operation;
        this.library = library;
        this.libraryVersion = libraryVersion;
        this.classes = classes;
        this.params = params;
    }

    /** A fresh input of class {@code cls} (0: the reference class, 1: the other). */
    abstract Object prepare(int cls) throws GeneralSecurityException;

    /** The timed operation on a prepared input; what it returns is consumed by the caller. */
    abstract Object run(Object input) throws GeneralSecurityException;

    /** One class's samples as a JSON object (one line of the harness's output). */
    String json(int cls, long[] samples) {
        StringBuilder out = new StringBuilder(32 + samples.length * 8);
        out.append("{\"name\":\"").append(name).append("\",\"family\":\"").append(family)
                .append("\",\"algorithm\":\"").append(algorithm).append("\",\"operation\":\"")
                .append(operation).append("\",\"library\":\"").append(library)
                .append("\",\"library_version\":\"").append(libraryVersion).append("\",\"params\":{");
        for (Map.Entry<String, Object> param : params.entrySet()) {
            out.append('"').append(param.getKey()).append("\":");
            Object value = param.getValue();
            out.append(value instanceof Number ? value.toString() : "\"" + value + "\"").append(',');
        }
        out.append("\"input_class\":\"").append(classes[cls]).append("\"},\"raw\":[");
        for (int i = 0; i < samples.length; i++) {
            out.append(i == 0 ? "" : ",").append(samples[i]);
        }
        return out.append("]}").toString();
    }
}
