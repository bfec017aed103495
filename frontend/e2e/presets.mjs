// What each preset must plot: trace name -> {x: value}, from the seed figures; the y title names the ticks' unit, or none when they read in several.
import { AES_CBC_KBPS, ECC_NS, ECDSA_OPS, RSA_VERIFY_MS, RV32_QEMU_MINSTR } from "./seeds.mjs";

/** The seed's figures in the unit the preset picks for them (the one they read best in): ns as ms, kB/s as MB/s. */
const scaled = (traces, divisor) =>
  Object.fromEntries(
    Object.entries(traces).map(([name, points]) => [
      name,
      Object.fromEntries(Object.entries(points).map(([x, v]) => [x, v / divisor])),
    ]),
  );

export const PRESET_EXPECTATIONS = {
  "rsa-verify": { traces: RSA_VERIFY_MS, ytype: "linear", ytitle: "time per operation (ms/op)" },
  "ecdsa-curves": { traces: ECDSA_OPS, ytype: "linear", ytitle: "operations per second" },
  "openssl-cryptodev": { traces: scaled(AES_CBC_KBPS, 1000), ytype: "log", ytitle: "throughput" },
  "ecc-python": { traces: scaled(ECC_NS, 1e6), ytype: "log", ytitle: "time per operation" },
  "rv32-qemu": {
    traces: RV32_QEMU_MINSTR,
    ytype: "log",
    ytitle: "instructions retired per operation",
  },
};
