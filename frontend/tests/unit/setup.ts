/** Unit tests read the vocabulary the backend serves (written by scripts/generate-client.sh, checked by `make client-check`), held where the app holds it: react-query's cache. */
import { queryClient } from "../../src/api/queryClient";
import { vocabularyQuery, type Vocabulary } from "../../src/api/vocabulary";
import vocabulary from "./vocabulary.gen.json";

queryClient.setQueryData(vocabularyQuery().queryKey, vocabulary as Vocabulary);
