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

// 003: openssl speed aes-128-cbc on the BeagleBone, table in 1000s of bytes/s (kB/s).
export const AES_CBC_KBPS = { 16: 30229.13, 64: 40065.07, 256: 43963.48, 1024: 45118.46, 8192: 45378.22, 16384: 45416.45 };

// 004: mean ns per benchmark, ECpy vs ECC.py, secp256k1, 25,000 repetitions.
export const ECC_NS = {
  ECpy: { "point-add": 267983.28, "point-double": 287278.4, "point-mul": 6186594.4 },
  "ECC.py": { "point-add": 47641.32, "point-double": 148769.96, "point-mul": 23093736.81 },
};
