// What each preset must plot: trace name -> {x: value}, from the seed figures.
import { AES_CBC_KBPS, ECC_NS, ECDSA_OPS, RSA_VERIFY_MS } from "./seeds.mjs";

export const PRESET_EXPECTATIONS = {
  "rsa-verify": { traces: RSA_VERIFY_MS, ytype: "linear", ytitle: "time per operation (ms/op)" },
  "ecdsa-curves": { traces: ECDSA_OPS, ytype: "linear", ytitle: "operations per second (ops/s)" },
  "openssl-cryptodev": { traces: AES_CBC_KBPS, ytype: "log", ytitle: "throughput (kB/s)" },
  "ecc-python": { traces: ECC_NS, ytype: "log", ytitle: "time per operation (ns/op)" },
};
