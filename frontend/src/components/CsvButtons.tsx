/** The two CSV downloads of a table: exact values for pandas and R, and a spreadsheet's, whose text cannot run as a formula (lib/csv.ts). */
import type { CsvFlavour } from "../lib/csv";
import { downloadText } from "../lib/download";

interface Props {
  /** The file name without ".csv"; the spreadsheet's adds "-for-spreadsheets". */
  name: string;
  /** What the buttons say after "Export CSV" / "Spreadsheet CSV" (e.g. " of these results"). */
  what?: string;
  csv: (flavour: CsvFlavour) => string;
}

export function CsvButtons({ name, what = "", csv }: Props) {
  return (
    <>
      <button
        type="button"
        title="Every value exactly as shown (loads unchanged in pandas and R: -O2 stays -O2)"
        onClick={() => downloadText(`${name}.csv`, csv("data"), "text/csv")}
      >
        Export CSV{what}
      </button>
      <button
        type="button"
        title="For Excel or LibreOffice: text a spreadsheet would run as a formula (= + - @) starts with ' and cannot run"
        onClick={() => downloadText(`${name}-for-spreadsheets.csv`, csv("spreadsheet"), "text/csv")}
      >
        Spreadsheet CSV{what}
      </button>
    </>
  );
}
