/**
 * One-click views reproducing each seed document's comparison from the demo data, pinned to the
 * seed's own machine so that no run uploaded later pools into them; each with a second view that
 * sets the seed beside the runs of other machines, and the caveat its figures carry.
 */
import { DEFAULT_STATE, type ExplorerState } from "./viewState";

export interface Preset {
  id: string;
  title: string;
  seed: string;
  /** The demo data's machine of this seed. */
  machine: string;
  state: ExplorerState;
  /** The same comparison without the machine filter, a series per machine. */
  others: ExplorerState;
  /** What a reader must know about the seed's figures. */
  caveat?: string;
}

const RSA = { algorithm: ["RSA"], operation: ["verify"] };
const ECDSA = { algorithm: ["ECDSA"], "param.curve": ["secp256k1", "secp256r1"] };
const AES = { algorithm: ["AES-128-CBC"], source: ["openssl-speed"] };
const ECC = { source: ["python-ecc"], "param.curve": ["secp256k1"] };
const RV32 = { algorithm: ["RSA"], operation: ["sign", "verify"], "param.padding": ["pkcs1v15"] };

export const PRESETS: Preset[] = [
  {
    id: "rsa-verify",
    title: "RSA verify: key size × padding × -O2/-Os",
    seed: "002",
    machine: "esp32c6",
    state: {
      ...DEFAULT_STATE,
      filters: { ...RSA, machine: ["esp32c6"] },
      x: "param.key_bits",
      series: ["param.padding", "tag.opt_level"],
      metric: "ns_per_op",
      unit: "ms/op",
      scale: "linear",
    },
    others: { ...DEFAULT_STATE, filters: { ...RSA, "param.padding": ["pkcs1v15"] }, x: "param.key_bits", series: ["machine", "tag.opt_level"], metric: "ns_per_op", scale: "log" },
  },
  {
    id: "ecdsa-curves",
    title: "secp256r1 vs secp256k1: sign/verify by message size",
    seed: "001",
    machine: "seed001-jvm",
    state: {
      ...DEFAULT_STATE,
      filters: { ...ECDSA, machine: ["seed001-jvm"] },
      x: "param.message_bytes",
      series: ["param.curve", "operation"],
      metric: "ops_per_s",
      scale: "linear",
    },
    others: { ...DEFAULT_STATE, filters: { ...ECDSA, operation: ["sign"] }, x: "param.curve", series: ["machine", "library"], metric: "ops_per_s", scale: "log" },
  },
  {
    id: "openssl-cryptodev",
    title: "openssl throughput by block size: with vs without cryptodev",
    seed: "003",
    machine: "beaglebone-black",
    state: {
      ...DEFAULT_STATE,
      filters: { ...AES, machine: ["beaglebone-black"], "tag.timing": ["cpu"] },
      x: "param.block_bytes",
      series: ["tag.engine"],
      metric: "bytes_per_s",
    },
    others: { ...DEFAULT_STATE, filters: { ...AES, operation: ["encrypt"] }, x: "param.block_bytes", series: ["machine", "tag.timing"], metric: "bytes_per_s", chart: "lines" },
    caveat:
      "These figures come from openssl speed without -elapsed, so they divide by the CPU time of the openssl process. With the cryptodev engine the " +
      "work runs in the kernel and on the crypto engine while the process sleeps (0.01 s of CPU time in a 3 s run), so the devcrypto throughput, and " +
      "the 100x+ speedup it suggests, are not what a user of the machine would see. Compare wall-clock figures (tag timing = elapsed) before concluding.",
  },
  {
    id: "ecc-python",
    title: "ECpy vs ECC.py per benchmark (log scale)",
    seed: "004",
    machine: "i5-5300u-win10",
    state: {
      ...DEFAULT_STATE,
      filters: { ...ECC, machine: ["i5-5300u-win10"] },
      x: "name",
      series: ["library"],
      metric: "ns_per_op",
      scale: "log",
    },
    others: { ...DEFAULT_STATE, filters: ECC, x: "name", series: ["library", "machine"], metric: "ns_per_op", scale: "log" },
  },
  {
    id: "rv32-qemu",
    title: "RV32 under QEMU: -O2 vs -Os, instructions/op",
    seed: "002",
    machine: "qemu-riscv32-virt",
    state: {
      ...DEFAULT_STATE,
      filters: { ...RV32, machine: ["qemu-riscv32-virt"] },
      x: "param.key_bits",
      series: ["operation", "tag.opt_level"],
      metric: "instructions_per_op",
      scale: "log",
      chart: "lines",
    },
    others: { ...DEFAULT_STATE, filters: RV32, x: "param.key_bits", series: ["machine", "tag.opt_level"], metric: "instructions_per_op", scale: "log" },
    caveat:
      "Seed 002's RSA experiments (PKCS#1 v1.5 here; PSS one filter away) as instructions retired by the RV32 firmware under QEMU -icount: exact and repeatable, so any difference between the builds is real, but not cycles or time of the ESP32-C6 (no pipeline, caches or RSA accelerator).",
  },
];
