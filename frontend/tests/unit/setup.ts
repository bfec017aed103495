/** Unit tests read the vocabulary the backend serves (written by scripts/generate-client.sh, checked by `make client-check`). */
import { setVocabulary, type Vocabulary } from "../../src/lib/vocabulary";
import vocabulary from "./vocabulary.gen.json";

setVocabulary(vocabulary as Vocabulary);
