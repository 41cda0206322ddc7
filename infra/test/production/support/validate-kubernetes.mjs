// Validates Kubernetes objects (a JSON array on stdin) against the Kubernetes API schemas of the
// kubernetes-models package, and prints one problem per line (nothing when all are valid).
// A separate process, because the models are ES modules only.
let input = '';
for await (const chunk of process.stdin) input += chunk;
const problems = [];
for (const object of JSON.parse(input)) {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const where = `${object.kind} ${object.metadata?.name}`;
  let models;
  try {
    models = await import(group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`);
  } catch {
    problems.push(`${where}: no schema for ${object.apiVersion}`);
    continue;
  }
  const Model = models[object.kind];
  if (!Model) {
    problems.push(`${where}: ${object.apiVersion} has no kind ${object.kind}`);
    continue;
  }
  try {
    new Model(object).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}
process.stdout.write(problems.join('\n'));
