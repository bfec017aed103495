/** One-click views reproducing each seed document's comparison from the demo data. */
import { DEFAULT_STATE, type ExplorerState } from "./viewState";

export interface Preset {
  id: string;
  title: string;
  seed: string;
  state: ExplorerState;
}

export const PRESETS: Preset[] = [
  {
    id: "rsa-verify",
    title: "RSA verify: key size × padding × -O2/-Os",
    seed: "002",
    state: {
      ...DEFAULT_STATE,
      filters: { algorithm: ["RSA"], operation: ["verify"], source: ["esp32c6-serial"] },
      x: "param.key_bits",
      series: ["param.padding", "tag.opt_level"],
      metric: "ns_per_op",
      unit: "ms/op",
      scale: "linear",
    },
  },
  {
    id: "ecdsa-curves",
    title: "secp256r1 vs secp256k1: sign/verify by message size",
    seed: "001",
    state: {
      ...DEFAULT_STATE,
      filters: { algorithm: ["ECDSA"], "param.curve": ["secp256k1", "secp256r1"], source: ["jmh"] },
      x: "param.message_bytes",
      series: ["param.curve", "operation"],
      metric: "ops_per_s",
      scale: "linear",
    },
  },
  {
    id: "openssl-cryptodev",
    title: "openssl throughput by block size: with vs without cryptodev",
    seed: "003",
    state: {
      ...DEFAULT_STATE,
      filters: { algorithm: ["AES-128-CBC"], source: ["openssl-speed"], "tag.timing": ["cpu"] },
      x: "param.block_bytes",
      series: ["tag.engine"],
      metric: "bytes_per_s",
      unit: "kB/s",
    },
  },
  {
    id: "ecc-python",
    title: "ECpy vs ECC.py per benchmark (log scale)",
    seed: "004",
    state: {
      ...DEFAULT_STATE,
      filters: { source: ["python-ecc"], "param.curve": ["secp256k1"] },
      x: "name",
      series: ["library"],
      metric: "ns_per_op",
      scale: "log",
    },
  },
];
