import { jsonLanguage } from '@codemirror/lang-json';

type SyntaxNode = ReturnType<typeof jsonLanguage.parser.parse>['topNode'];

export interface TextRange {
  from: number;
  to: number;
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function children(node: SyntaxNode, names: ReadonlySet<string>): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (names.has(child.name)) found.push(child);
  }
  return found;
}

const PROPERTY = new Set(['Property']);
const PROPERTY_NAME = new Set(['PropertyName']);

function propertyKey(text: string, property: SyntaxNode): string | undefined {
  const name = children(property, PROPERTY_NAME)[0];
  if (!name) return undefined;
  try {
    const key: unknown = JSON.parse(text.slice(name.from, name.to));
    return typeof key === 'string' ? key : undefined;
  } catch {
    return undefined;
  }
}

/** The opening bracket of a container, the whole of a scalar: a marker of sensible size. */
function markerOf(node: SyntaxNode): TextRange {
  if (node.name === 'Object' || node.name === 'Array')
    return { from: node.from, to: node.from + 1 };
  return { from: node.from, to: node.to };
}

function clamp(range: TextRange, length: number): TextRange {
  const from = Math.max(0, Math.min(range.from, length));
  return { from, to: Math.max(from, Math.min(range.to, length)) };
}

/** Where the parser first gave up: the first error node, else the end of the text. */
function syntaxErrorRange(text: string): TextRange {
  const tree = jsonLanguage.parser.parse(text);
  let at: number | undefined;
  tree.iterate({
    enter(node) {
      if (at !== undefined) return false;
      if (node.type.isError) {
        at = node.from;
        return false;
      }
      return undefined;
    },
  });
  const from = at ?? text.length;
  return { from, to: from + 1 };
}

/**
 * Where in the editor text a problem lies, for the editor's error marker. Without a field the
 * text is not valid JSON: the first syntax error. With a field (the schema's dotted path,
 * 'types.0.id') the value at that path; when the path leads to a key that is missing, the
 * object that lacks it. The JSON parser of the editor (lezer) reads even broken text, so this
 * never throws.
 */
export function locateJsonProblem(text: string, field: string | undefined): TextRange {
  if (field === undefined) return clamp(syntaxErrorRange(text), text.length);
  const tree = jsonLanguage.parser.parse(text);
  let node = children(tree.topNode, VALUE_NODES)[0];
  if (!node) return clamp({ from: 0, to: 1 }, text.length);
  let viaName: SyntaxNode | undefined;
  for (const key of field === '' ? [] : field.split('.')) {
    let next: SyntaxNode | undefined;
    let name: SyntaxNode | undefined;
    if (node.name === 'Object') {
      const property: SyntaxNode | undefined = children(node, PROPERTY).find(
        (p) => propertyKey(text, p) === key,
      );
      next = property ? children(property, VALUE_NODES)[0] : undefined;
      name = property ? children(property, PROPERTY_NAME)[0] : undefined;
    } else if (node.name === 'Array' && /^\d+$/.test(key)) {
      next = children(node, VALUE_NODES)[Number(key)];
    }
    if (!next) return clamp(name ? markerOf(name) : markerOf(node), text.length);
    node = next;
    viaName = name;
  }
  // A whole object or list at fault: its key says more than its opening bracket.
  const containers = node.name === 'Object' || node.name === 'Array';
  return clamp(containers && viaName ? markerOf(viaName) : markerOf(node), text.length);
}
