"""The kernel-side Ascend C API names CANN's headers declare at namespace scope, and where code uses them.

A header is read as tokens (comments, strings and preprocessor lines dropped) with a stack of open braces. A name is
declared when it is written at namespace scope inside namespace AscendC or one of its public sub-namespaces: a class,
struct, union or enum, a `using X =` alias, or a function whose declaration carries `__aicore__`. Members, function
bodies, host tiling headers (their names run on the host) and implementation namespaces are not the kernel API.
"""

import re
from pathlib import Path

HEADERS = (".h", ".hpp")
SOURCES = (".asc", ".cpp", ".h", ".hpp", ".cc")
# sub-namespaces that hold implementation or another architecture's register API (Ascend 950's Reg / MicroAPI)
PRIVATE_NAMESPACE = re.compile(r"(?i)impl|internal|detail|^reg$|^microapi$")
NOT_A_NAME = {"decltype", "sizeof", "alignas", "alignof", "static_assert", "operator", "noexcept", "requires", "if"}
TOKEN = re.compile(r"[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*|::|[{};()=<>]")
COMMENT_OR_STRING = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)
PREPROCESSOR = re.compile(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", re.M)


def _tokens(text):
    text = COMMENT_OR_STRING.sub(" ", text)
    return TOKEN.findall(PREPROCESSOR.sub(" ", text))


def declared_in(text):
    """{qualified name: kind} for the names one header declares in AscendC's public namespaces."""
    found = {}
    scopes = []  # one entry per open brace: the namespace it opens ("A::B" for `namespace A::B {`), else None
    statement = []  # the tokens since the last brace or semicolon
    named = None  # what the statement declares once its brace or semicolon comes: (name, kind)

    def declare(name, kind):
        if None in scopes or name.startswith("_") or name in NOT_A_NAME:
            return
        path = "::".join(scopes).split("::") if scopes else []
        if path[:1] != ["AscendC"] or any(PRIVATE_NAMESPACE.search(n) for n in path[1:]):
            return
        found.setdefault("::".join(path[1:] + [name]), kind)

    tokens = _tokens(text)
    for i, tok in enumerate(tokens):
        if tok in "{};":
            namespace = statement[1] if statement[:1] == ["namespace"] and len(statement) > 1 else None
            deprecated = any("deprecat" in t.lower() for t in statement)  # a deprecated header's marker alias
            if named and not deprecated:
                declare(*named)
            if tok == "{":
                scopes.append(namespace)
            elif tok == "}" and scopes:
                scopes.pop()
            statement, named = [], None
            continue
        prev = statement[-1] if statement else None
        statement.append(tok)
        if named:
            continue
        if prev in ("class", "struct", "union", "enum") and tok not in ("class", "struct"):
            # a type's name follows its keyword, except inside a template's parameter list
            if statement.count("<") == statement.count(">"):
                named = (tok, "type")
        elif prev == "using" and i + 1 < len(tokens) and tokens[i + 1] == "=":
            named = (tok, "alias")
        elif tok == "(" and "__aicore__" in statement and prev and not re.fullmatch(r"__\w+__", prev):
            if re.fullmatch(r"[A-Za-z]\w*", prev) and statement[-3:-2] != ["::"]:  # not `Class<T>::Member(`
                named = (prev, "function")
    return found


def declared(header_roots):
    """{qualified name: kind} over every header under the roots (a path under `*tiling*` or `internal` is skipped)."""
    names = {}
    for root in header_roots:
        for path in sorted(Path(root).rglob("*")):
            if path.suffix not in HEADERS or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix().lower()
            if "tiling" in rel or "/internal/" in f"/{rel}" or "reg_compute" in rel:
                continue
            for name, kind in declared_in(path.read_text(errors="replace")).items():
                names.setdefault(name, kind)
    return names


# a chain of names (`AscendC::Std::min`, `DataCopy`), what comes before it, its template arguments and a call
USE = re.compile(
    r"(\.|->|::|\b)\s*((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\b(\s*<[^;(){}<>]*(?:<[^;(){}<>]*>[^;(){}<>]*)*>)?(\s*\()?"
)


def count_uses(texts, names, uses, files):
    """Add to uses / files (Counters keyed by name) the uses of the vocabulary names in each text.

    `AscendC::Chain` counts as the longest declared prefix of Chain; an unqualified type or a nested chain counts
    where written (kernels say `using namespace AscendC;`); an unqualified function counts where it is called.
    A member access (`.Name`, `->Name`) or another namespace's `X::Name` is not a use."""
    for text in texts:
        seen = set()
        for before, chain, template, call in USE.findall(COMMENT_OR_STRING.sub(" ", text)):
            if before in (".", "->", "::"):
                continue
            qualified = chain.startswith("AscendC::")
            parts = chain.split("::")[1:] if qualified else chain.split("::")
            name = next(("::".join(parts[:n]) for n in range(len(parts), 0, -1) if "::".join(parts[:n]) in names), None)
            if name is None or (not qualified and "::" not in chain and not _bare_use(names[name], template, call)):
                continue
            uses[name] += 1
            seen.add(name)
        files.update(seen)


def _bare_use(kind, template, call):
    """Whether an unqualified name alone is a use: a type or alias always, a function when called; a name only
    known from `AscendC::` spellings (a namespace, an enum, a trait) as the head of a chain or with template
    arguments."""
    if kind == "function":
        return bool(call)
    return kind in ("type", "alias") or bool(template)


def qualified_first_names(texts):
    """The first name after `AscendC::` in the texts: namespaces and names public code spells out."""
    first = re.compile(r"\bAscendC::(\w+)")
    return {name for text in texts for name in first.findall(COMMENT_OR_STRING.sub(" ", text))}


def source_texts(root, path_filter=None):
    """The text of every source file under root: a directory, or a git directory (its HEAD) with its commit."""
    root = Path(root)
    if (root / "HEAD").is_file() and (root / "objects").is_dir():
        return _git_texts(root, path_filter)
    paths = [p for p in sorted(root.rglob("*")) if p.suffix in SOURCES and p.is_file()]
    paths = [p for p in paths if path_filter is None or path_filter(p.relative_to(root).as_posix())]
    return [p.read_text(errors="replace") for p in paths], None


def _git_texts(gitdir, path_filter):
    import subprocess

    def git(*args, **kw):
        return subprocess.run(["git", f"--git-dir={gitdir}", *args], capture_output=True, check=True, **kw).stdout

    commit = git("rev-parse", "HEAD").decode().strip()
    listing = git("ls-tree", "-r", "HEAD").decode().splitlines()
    blobs = []
    for line in listing:
        meta, path = line.split("\t", 1)
        if Path(path).suffix in SOURCES and meta.split()[1] == "blob":
            if path_filter is None or path_filter(path):
                blobs.append(meta.split()[2])
    out = git("cat-file", "--batch", input="\n".join(blobs).encode() + b"\n")
    texts, pos = [], 0
    for _ in blobs:
        header_end = out.index(b"\n", pos)
        size = int(out[pos:header_end].split()[2])
        texts.append(out[header_end + 1 : header_end + 1 + size].decode(errors="replace"))
        pos = header_end + 1 + size + 1
    return texts, commit
