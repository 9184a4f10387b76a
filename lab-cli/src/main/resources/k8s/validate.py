"""Offline validation of the lab's Kubernetes manifests (./lab k8s validate, docs/scale-out.md).

Every document of every file given is checked, in strict mode (unknown fields refused), against the Kubernetes
JSON schemas bundled in the kubernetes-validate package (PyPI) for each Kubernetes version given; a Hyperfoil
custom resource against the JSON schema of the operator's CRD that the lab carries. A document of any other kind
fails: nothing is left unchecked. Prints one line per document; exits 1 when any failed.

usage: validate.py HYPERFOIL_SCHEMA VERSIONS FILE...   (VERSIONS: comma-separated, e.g. 1.32,1.37)
"""
import json
import sys

import jsonschema
import yaml
from kubernetes_validate import utils


def main(argv):
    hyperfoil_schema = json.load(open(argv[1]))
    versions = argv[2].split(",")
    failures = 0
    documents = 0
    for filename in argv[3:]:
        with open(filename) as f:
            docs = [d for d in yaml.safe_load_all(f) if d is not None]
        for doc in docs:
            documents += 1
            name = "%s %s/%s" % (filename, doc.get("kind"), (doc.get("metadata") or {}).get("name"))
            try:
                if str(doc.get("apiVersion", "")).startswith("hyperfoil.io/"):
                    jsonschema.Draft202012Validator(hyperfoil_schema).validate(doc)
                    print("OK    %s (the Hyperfoil operator's CRD schema)" % name)
                else:
                    for version in versions:
                        utils.validate(doc, version, strict=True)
                    print("OK    %s (Kubernetes %s, strict)" % (name, ", ".join(versions)))
            except utils.SchemaNotFoundError as e:
                failures += 1
                print("FAIL  %s: no schema for it: %s" % (name, e))
            except jsonschema.ValidationError as e:
                failures += 1
                where = ".".join(str(p) for p in e.absolute_path)
                print("FAIL  %s: %s%s" % (name, e.message, " at " + where if where else ""))
    print("%d documents in %d files, %d invalid" % (documents, len(argv) - 3, failures))
    return 1 if failures or documents == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
