// What each preset must plot: trace name -> {x: value}, from the seed figures.
import { AES_CBC_KBPS, ECC_NS, ECDSA_OPS, RSA_VERIFY_MS } from "./seeds.mjs";

/** The seed's kB/s as the preset shows them: in MB/s, the unit its figures read best in. */
const inMBps = (traces) => Object.fromEntries(Object.entries(traces).map(([name, points]) => [name, Object.fromEntries(Object.entries(points).map(([x, v]) => [x, v / 1000]))]));

export const PRESET_EXPECTATIONS = {
  "rsa-verify": { traces: RSA_VERIFY_MS, ytype: "linear", ytitle: "time per operation (ms/op)" },
  "ecdsa-curves": { traces: ECDSA_OPS, ytype: "linear", ytitle: "operations per second (ops/s)" },
  "openssl-cryptodev": { traces: inMBps(AES_CBC_KBPS), ytype: "log", ytitle: "throughput (MB/s)" },
  "ecc-python": { traces: ECC_NS, ytype: "log", ytitle: "time per operation (ns/op)" },
};
