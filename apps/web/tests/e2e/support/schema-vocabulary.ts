import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ts from "typescript";

/**
 * The schema.org vocabulary in the JSON-LD shape Adobe's validator reads (classes with their parents,
 * properties with the classes they belong to), built from the declarations Google's `schema-dts` package
 * generates from schema.org's release. No package ships schema.org's own vocabulary file, and tests have
 * no network to fetch it.
 */
export function schemaOrgVocabulary(): { "@graph": Record<string, unknown>[] } {
  const file = createRequire(import.meta.url).resolve("schema-dts/dist/schema.d.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const parents = new Map<string, Set<string>>();
  const domains = new Map<string, Set<string>>();
  const classNameOf = (interfaceName: string) => interfaceName.replace(/(Base|Leaf)$/, "");
  const add = <T>(map: Map<string, Set<T>>, key: string, value: T) => {
    const set = map.get(key) ?? new Set<T>();
    set.add(value);
    map.set(key, set);
  };

  for (const statement of source.statements) {
    if (!ts.isInterfaceDeclaration(statement)) continue;
    const name = statement.name.text;
    // `XBase` holds a class's own properties and its parents; `XLeaf` names the class's "@type".
    if (!/(Base|Leaf)$/.test(name)) continue;
    const className = classNameOf(name);
    const extended = (statement.heritageClauses ?? [])
      .flatMap((clause) => clause.types)
      .map((type) => type.expression.getText(source))
      .filter((parent) => parent.endsWith("Base") && classNameOf(parent) !== className);
    if (!parents.has(className)) parents.set(className, new Set());
    for (const parent of extended) add(parents, className, classNameOf(parent));
    if (!name.endsWith("Base")) continue;
    for (const member of statement.members) {
      if (!ts.isPropertySignature(member) || !ts.isStringLiteral(member.name)) continue;
      if (!member.name.text.startsWith("@")) add(domains, member.name.text, className);
    }
  }

  const schema = (name: string) => ({ "@id": `schema:${name}` });
  return {
    "@graph": [
      ...[...parents].map(([name, supers]) => ({
        "@id": `schema:${name}`,
        "@type": "rdfs:Class",
        ...(supers.size === 0 ? {} : { "rdfs:subClassOf": [...supers].map(schema) }),
      })),
      ...[...domains].map(([property, classes]) => ({
        "@id": `schema:${property}`,
        "@type": "rdf:Property",
        "schema:domainIncludes": [...classes].map(schema),
      })),
    ],
  };
}
