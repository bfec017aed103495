import type { Vocabulary } from "../../src/api/vocabulary";
import type { ChartData as ChartResponse } from "../../src/lib/chartData";
import served from "./vocabulary.gen.json";

/** The vocabulary the backend serves (written by scripts/generate-client.sh, checked by `make client-check`): what every test hands to the lib functions that read it. */
export const VOCABULARY = served as Vocabulary;

/** Seed 002's verify times (ms at 160 MHz) as the chart endpoint returns them, in ns/op. */
export const RSA_CHART: ChartResponse = {
  metric: "ns_per_op",
  unit: "ns/op",
  x: "param.key_bits",
  series: [
    {
      key: { "param.padding": "pkcs1v15", "tag.opt_level": "-O2" },
      points: [
        {
          x: 2048,
          value: 54_180_000,
          min: 54_180_000,
          max: 54_180_000,
          n: 1,
          error: null,
          error_kind: null,
        },
        {
          x: 4096,
          value: 207_080_000,
          min: 207_080_000,
          max: 207_080_000,
          n: 1,
          error: null,
          error_kind: null,
        },
      ],
    },
    {
      key: { "param.padding": "pss", "tag.opt_level": "-Os" },
      points: [
        {
          x: 4096,
          value: 320_580_000,
          min: 320_580_000,
          max: 320_580_000,
          n: 1,
          error: null,
          error_kind: null,
        },
        { x: 2048, value: null, min: null, max: null, n: 1, error: null, error_kind: null },
      ],
    },
  ],
};

/** Seed 001 sign figures (ops/s with JMH's 99.9% interval). */
export const JMH_CHART: ChartResponse = {
  metric: "ops_per_s",
  unit: "ops/s",
  x: "param.message_bytes",
  series: [
    {
      key: { "param.curve": "secp256k1" },
      points: [
        { x: 128, value: 1266.561, n: 1, error: 32.311, error_kind: "ci99.9" },
        { x: 1048576, value: 318.589, n: 1, error: 2.656, error_kind: "ci99.9" },
      ],
    },
    {
      key: { "param.curve": "secp256r1" },
      points: [
        { x: 128, value: 1763.46, n: 1, error: 31.179, error_kind: "ci99.9" },
        { x: 1048576, value: 340.53, n: 1, error: 3.97, error_kind: "ci99.9" },
      ],
    },
  ],
};
