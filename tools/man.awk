# SPDX-License-Identifier: GPL-2.0-only
# awk -v th=LINE -f man.awk dbgfs.help dbgfs.1.in: the man page, the template
# with its .TH line replaced by LINE and its @ lines by what dbgfs.help says:
#
#   @synopsis            a line per command, from its "Usage:" line
#   @command NAME        NAME's heading in COMMANDS, from its "Usage:" line
#   @options NAME        NAME's options, a .TP each (NAME dbgfs: the global ones)
#   @option NAME OPTION  one of them, OPTION as its help writes it (--json);
#                        the template's lines after it go on with its text
#
# Every command and every option of the help must be in the page once: a new
# one left out of the template, or one the help no longer has, fails the build.

# @s with each @from replaced by @to.
function repl(s, from, to,    out, i) {
	out = ""
	while ((i = index(s, from)) > 0) {
		out = out substr(s, 1, i - 1) to
		s = substr(s, i + length(from))
	}
	return out s
}

# Words of a usage line or an option in roff: options bold, the rest italic,
# brackets and commas as they are.
function words(s,    n, w, i, out, pre, post, core) {
	n = split(s, w, " ")
	out = ""
	for (i = 1; i <= n; i++) {
		core = w[i]
		pre = post = ""
		while (core ~ /^\[/) {
			pre = pre "["
			core = substr(core, 2)
		}
		while (core ~ /[],]$/) {
			post = substr(core, length(core)) post
			core = substr(core, 1, length(core) - 1)
		}
		if (core ~ /^-/)
			core = "\\fB" repl(core, "-", "\\-") "\\fR"
		else
			core = "\\fI" core "\\fR"
		out = out (i > 1 ? " " : "") pre core post
	}
	return out
}

# A line of text: backslashes shown, no control character at its start.
function text(s) {
	s = repl(s, "\\", "\\e")
	return s ~ /^[.']/ ? "\\&" s : s
}

function fail(msg) {
	print FILENAME (ended ? "" : ":" FNR) ": " msg >"/dev/stderr"
	failed = 1
	exit 1
}

function option(cmd, name,    key) {
	key = cmd SUBSEP name
	if (!(key in desc))
		fail("dbgfs.help has no option " name " of " cmd)
	if (key in shown)
		fail("option " name " of " cmd " twice")
	shown[key] = 1
	print ".TP"
	print words(syntax[key])
	print text(toupper(substr(desc[key], 1, 1)) substr(desc[key], 2) ".")
}

function command(cmd) {
	if (!(cmd in usage))
		fail("dbgfs.help has no command " cmd)
	if (cmd in headed)
		fail("command " cmd " twice")
	headed[cmd] = 1
	print ".TP"
	print ".B " cmd "\\fR " words(usage[cmd])
}

BEGIN {
	cmd = "dbgfs"
}

# dbgfs.help: the usage line and the options of each command.
FNR == NR && /^#/ {
	next
}

FNR == NR && /^@ / {
	cmd = $2
	cmds[++ncmds] = cmd
	key = ""
	next
}

FNR == NR && cmd != "dbgfs" && /^Usage: dbgfs / {
	usage[cmd] = substr($0, length("Usage: dbgfs " cmd " ") + 1)
	key = ""
	next
}

FNR == NR && /^ +-/ {
	sub(/^ +/, "")
	i = index($0, "  ")
	# The option's name, the word that starts with "--" (--max, --json).
	name = $1 ~ /^--/ ? $1 : $2
	key = cmd SUBSEP name
	syntax[key] = substr($0, 1, i - 1)
	desc[key] = substr($0, i)
	sub(/^ +/, "", desc[key])
	opts[++nopts] = key
	next
}

FNR == NR && key != "" && /^ +[^ -]/ {
	sub(/^ +/, "")
	desc[key] = desc[key] " " $0
	next
}

FNR == NR {
	key = ""
	next
}

# dbgfs.1.in.
/^\.TH / {
	print th
	next
}

$1 == "@synopsis" {
	for (i = 1; i <= ncmds; i++) {
		if (i > 1)
			print ".br"
		print ".B dbgfs"
		print "[\\fIGLOBAL OPTIONS\\fR]"
		print ".B " cmds[i]
		if (usage[cmds[i]] != "")
			print words(usage[cmds[i]])
	}
	next
}

$1 == "@command" {
	command($2)
	next
}

$1 == "@options" {
	for (i = 1; i <= nopts; i++) {
		split(opts[i], k, SUBSEP)
		if (k[1] == $2)
			option($2, k[2])
	}
	next
}

$1 == "@option" {
	option($2, $3)
	next
}

/^@/ {
	fail("unknown " $1)
}

{
	print
}

END {
	if (failed)
		exit 1
	ended = 1
	for (i = 1; i <= ncmds; i++)
		if (!(cmds[i] in headed))
			fail("no @command " cmds[i])
	for (i = 1; i <= nopts; i++) {
		if (!(opts[i] in shown)) {
			split(opts[i], k, SUBSEP)
			fail("no @option " k[1] " " k[2])
		}
	}
}
