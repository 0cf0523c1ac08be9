// Monaco with the editor's own contributions and only the SQL language (not the 80 others),
// its worker bundled by Vite, so nothing is loaded from outside MiniLake.
import 'monaco-editor/esm/vs/editor/edcore.main';
import 'monaco-editor/esm/vs/basic-languages/sql/sql.contribution';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';

(self as any).MonacoEnvironment = { getWorker: () => new EditorWorker() };

export { monaco };
