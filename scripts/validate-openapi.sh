#!/usr/bin/env bash
# Validates docs/openapi.yaml (or the file given as $1):
#   1. against the OpenAPI 3.1 specification, with openapi-spec-validator;
#   2. every example in it against the schema it illustrates (JSON Schema 2020-12).
# The validator is installed once into .build/venv-openapi (or with pip --user when a
# virtual environment cannot be made). Quiet on success apart from one line per check;
# exits non-zero on any failure.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
spec="${1:-$root/docs/openapi.yaml}"
venv="$root/.build/venv-openapi"
package="openapi-spec-validator>=0.7,<1"
python="${PYTHON:-python3}"

have_validator() { "$1" -c 'import openapi_spec_validator, jsonschema, referencing, yaml' >/dev/null 2>&1; }

pip_quiet=(-q --disable-pip-version-check --no-input)

if [ -x "$venv/bin/python" ] && have_validator "$venv/bin/python"; then
    py="$venv/bin/python"
elif "$python" -m venv "$venv" >/dev/null 2>&1 \
    && "$venv/bin/python" -m pip install "${pip_quiet[@]}" "$package" >/dev/null 2>&1 \
    && have_validator "$venv/bin/python"; then
    py="$venv/bin/python"
else
    rm -rf "$venv"
    if ! have_validator "$python"; then
        "$python" -m pip install "${pip_quiet[@]}" --user "$package" >/dev/null 2>&1 \
            || "$python" -m pip install "${pip_quiet[@]}" --user --break-system-packages "$package" >/dev/null
    fi
    have_validator "$python" || { echo "validate-openapi: cannot install $package" >&2; exit 2; }
    py="$python"
fi

"$py" - "$spec" <<'PY'
import sys

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

path = sys.argv[1]
try:
    with open(path, encoding="utf-8") as f:
        spec = yaml.safe_load(f)
except (OSError, yaml.YAMLError) as error:
    print(f"{path}: cannot read YAML: {error}", file=sys.stderr)
    sys.exit(1)

try:
    validate(spec)
except Exception as error:
    where = getattr(error, "json_path", None) or ""
    message = getattr(error, "message", None) or str(error)
    print(f"{path}: invalid OpenAPI at {where or '(root)'}: {message[:500]}", file=sys.stderr)
    sys.exit(1)
print(f"{path}: OpenAPI {spec.get('openapi')} OK")

# Every example (inline or a component reference) must match the schema beside it.
base = "urn:countersign:openapi"
registry = Registry().with_resource(base, Resource(contents=spec, specification=DRAFT202012))


def deref(node):
    while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/"):
        target = spec
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def absolute(schema):
    """Rewrites local refs so the schema resolves against the whole document."""
    if isinstance(schema, dict):
        return {k: (base + v if k == "$ref" and v.startswith("#") else absolute(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [absolute(v) for v in schema]
    return schema


failures = []
checked = 0


seen = set()  # (schema, example) pairs already checked: shared components are checked once


def check(where, schema, holder):
    global checked
    if schema is None:
        return
    examples = []
    if "example" in holder:
        examples.append(("example", holder["example"], holder))
    for name, example in (holder.get("examples") or {}).items():
        example = deref(example)
        if "value" in example:
            examples.append((name, example["value"], example))
    validator = Draft202012Validator(absolute(schema), registry=registry)
    for name, value, owner in examples:
        if (id(schema), id(owner)) in seen:
            continue
        seen.add((id(schema), id(owner)))
        checked += 1
        error = best_match(validator.iter_errors(value))
        if error is not None:
            location = "/".join(str(p) for p in error.absolute_path) or "(root)"
            failures.append(f"{where} [{name}] at {location}: {error.message[:300]}")


def walk_content(where, content):
    for media, obj in (content or {}).items():
        check(f"{where} {media}", obj.get("schema"), obj)


def walk_parameter(where, parameter):
    parameter = deref(parameter)
    check(f"{where} parameter {parameter['name']}", parameter.get("schema"), parameter)


def walk_response(where, response):
    response = deref(response)
    walk_content(where, response.get("content"))
    for name, header in (response.get("headers") or {}).items():
        header = deref(header)
        check(f"{where} header {name}", header.get("schema"), header)


for route, item in spec.get("paths", {}).items():
    for parameter in item.get("parameters", []):
        walk_parameter(route, parameter)
    for method in ("get", "put", "post", "delete", "options", "head", "patch", "trace"):
        operation = item.get(method)
        if not operation:
            continue
        where = f"{method.upper()} {route}"
        for parameter in operation.get("parameters", []):
            walk_parameter(where, parameter)
        if "requestBody" in operation:
            walk_content(f"{where} request", deref(operation["requestBody"]).get("content"))
        for status, response in operation.get("responses", {}).items():
            walk_response(f"{where} {status}", response)

components = spec.get("components", {})
for name, response in components.get("responses", {}).items():
    walk_response(f"components.responses.{name}", response)
for name, parameter in components.get("parameters", {}).items():
    walk_parameter(f"components.parameters.{name}", parameter)
for name, schema in components.get("schemas", {}).items():
    if "example" in schema:
        check(f"components.schemas.{name}", schema, {"example": schema["example"]})

if failures:
    for failure in failures:
        print(f"{path}: example does not match its schema: {failure}", file=sys.stderr)
    sys.exit(1)
print(f"{path}: {checked} examples match their schemas")
PY
