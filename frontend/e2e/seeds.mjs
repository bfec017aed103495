// The figures of the seed documents (shared/seeds), as the presets must plot them.

// 002: RSA verify on the ESP32-C6 at 160 MHz, ms, by padding x opt level x key bits.
export const RSA_VERIFY_MS = {
  "pkcs1v15 · -O2": { 2048: 54.18, 4096: 207.08 },
  "pkcs1v15 · -Os": { 2048: 83.49, 4096: 319.85 },
  "pss · -O2": { 2048: 54.57, 4096: 207.78 },
  "pss · -Os": { 2048: 83.88, 4096: 320.58 },
  "none · -O2": { 2048: 53.97, 4096: 206.71 },
  "none · -Os": { 2048: 83.25, 4096: 319.43 },
};

// 001: SunEC SHA256withECDSA, JMH ops/s by curve x operation x message bytes.
export const ECDSA_OPS = {
  "secp256k1 · sign": { 128: 1266.561, 256: 1254.327, 1024: 1237.482, 1048576: 318.589 },
  "secp256r1 · sign": { 128: 1763.46, 256: 1756.899, 1024: 1746.453, 1048576: 340.53 },
  "secp256k1 · verify": { 128: 491.065, 256: 499.466, 1024: 486.545, 1048576: 228.638 },
  "secp256r1 · verify": { 128: 401.215, 256: 393.021, 1024: 402.902, 1048576: 212.743 },
};

// 003: "Doing aes-128-cbc for 3s on N size blocks: COUNT aes-128-cbc's in SECONDS s" without and
// with the cryptodev (devcrypto) engine; throughput = COUNT x N / SECONDS, in kB/s (1000 B/s).
const BLOCKS = [16, 64, 256, 1024, 8192, 16384];
const PROGRESS = {
  none: [
    [5618835, 2.94],
    [1886183, 2.98],
    [517655, 2.98],
    [132735, 2.97],
    [16702, 2.99],
    [8359, 2.98],
  ],
  devcrypto: [
    [410104, 0.38],
    [348184, 0.28],
    [37545, 0.02],
    [25658, 0.01],
    [5663, 0.01],
    [4040, 0.01],
  ],
};
export const AES_CBC_KBPS = Object.fromEntries(
  Object.entries(PROGRESS).map(([engine, rows]) => [
    engine,
    Object.fromEntries(
      rows.map(([count, secs], i) => [BLOCKS[i], (count * BLOCKS[i]) / secs / 1000]),
    ),
  ]),
);

// 004: mean ns, ECpy vs ECC.py on secp256k1 (25,000 repetitions), one bar per benchmark as published (x sorted by name).
export const ECC_NS = {
  ECpy: {
    "ecdsa-const-key-sign": 6420571.18,
    "ecdsa-const-key-verify": 12904788.91,
    "ecdsa-const-message-sign": 6457965.82,
    "ecdsa-const-message-verify": 12939980.2,
    "ecdsa-new-message-sign": 6390056.55,
    "ecdsa-new-message-verify": 12820902.94,
    "point-add": 267983.28,
    "point-double": 287278.4,
    "point-mul": 6186594.4,
    "y-recovery": 389843.32,
    "y-recovery-existing": 471788.96,
  },
  "ECC.py": {
    "ecdsa-const-key-sign": 23060506.52,
    "ecdsa-const-key-verify": 46025457.98,
    "ecdsa-const-message-sign": 22673621.53,
    "ecdsa-const-message-verify": 45040922.67,
    "ecdsa-new-message-sign": 22997217.87,
    "ecdsa-new-message-verify": 45690935.96,
    "point-add": 47641.32,
    "point-double": 148769.96,
    "point-mul": 23093736.81,
    "y-recovery": 386594.24,
    "y-recovery-existing": 532413.66,
  },
};

/** RSA PKCS#1 v1.5 under QEMU (the demo's qemu-rv32-mbedtls-*.json, captured logs), millions of instructions retired per operation. */
export const RV32_QEMU_MINSTR = {
  "sign · -O2": { 2048: 113.470005, 3072: 320.360441, 4096: 687.347393 },
  "sign · -Os": { 2048: 112.415513, 3072: 318.464442, 4096: 684.223688 },
  "verify · -O2": { 2048: 2.277745, 3072: 4.863888, 4096: 8.417198 },
  "verify · -Os": { 2048: 2.250314, 3072: 4.830201, 4096: 8.382631 },
};
