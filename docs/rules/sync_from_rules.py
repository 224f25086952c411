"""Bring docs/rules/<game>.md in step with each game's rules.py: a clause's bullet takes its title and
text, a new clause goes in after the one before it, and the house rules list is rebuilt from the declared house_rules
(Flip 7 and Huit américain keep theirs in the walkthrough). The prose around them is left as written.

    python docs/rules/sync_from_rules.py        # from the repository's root
"""
import re
import sys
import textwrap

sys.path.insert(0, ".")
from cardkit.games import declaration  # noqa: E402


def bullet(r):
    return textwrap.fill(f"- **{r.title}** (`{r.id}`): {' '.join(r.text.split())}", width=100, subsequent_indent="  ",
                         break_on_hyphens=False, break_long_words=False)
for g in ["flip7","eights","trump21","skitgubbe","frantic"]:
    path=f"docs/rules/{g}.md"
    doc=open(path).read()
    R=declaration(g).rules
    lines=doc.split("\n")
    # map id -> (start,end) line span of its bullet
    def spans():
        out={}
        for i,l in enumerate(lines):
            m=re.match(r"- \*\*.*?\*\* \(`([a-z0-9_]+\.[a-z0-9_]+)`\):", l)
            if m:
                j=i+1
                while j<len(lines) and lines[j].startswith("  "): j+=1
                out[m.group(1)]=(i,j)
        return out
    prev=None
    for r in R:
        sp=spans()
        new=bullet(r).split("\n")
        if r.id in sp:
            i,j=sp[r.id]
            if " ".join(" ".join(lines[i:j]).split()) != " ".join(" ".join(new).split()):
                lines[i:j]=new; print(g, "updated", r.id)
        else:
            at=sp[prev][1] if prev else None
            lines[at:at]=new; print(g, "added", r.id)
        prev=r.id
    open(path,"w").write("\n".join(lines))

# House rules: rebuilt from the declared house_rules where the game has them (flip7 and eights keep theirs in the walkthrough).
for g in ["trump21","skitgubbe","frantic"]:
    path=f"docs/rules/{g}.md"
    doc=open(path).read()
    H=declaration(g).house_rules
    head, sep, tail = doc.partition("## House rules used here\n")
    intro_end = tail.index("\n- ")+1
    body="\n".join(textwrap.fill("- "+" ".join(h.split()), width=100, subsequent_indent="  ", break_on_hyphens=False,
                                 break_long_words=False) for h in H)
    open(path,"w").write(head+sep+tail[:intro_end]+body+"\n")
