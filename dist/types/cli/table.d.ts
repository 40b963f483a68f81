import Table from 'cli-table3';
export declare function cliTable(head: string[], terminal: boolean): Table.Table;
