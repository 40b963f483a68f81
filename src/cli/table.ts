// Tables as ripgrep and gh print them: box-drawn on a terminal, plain columns when piped or written to
// a file, so `repodigest graph . | grep` and `> out.txt` get text a script can split on spaces.
import Table from 'cli-table3';

const PLAIN_CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

export function cliTable(head: string[], terminal: boolean): Table.Table {
  if (terminal) return new Table({ head, style: { head: [], border: [] } });
  const table = new Table({ head, style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 }, chars: PLAIN_CHARS });
  // The last column is padded to its width too: no trailing blanks in plain text.
  const render = table.toString.bind(table);
  table.toString = () =>
    render()
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n');
  return table;
}
