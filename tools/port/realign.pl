# SPDX-License-Identifier: GPL-2.0
# realign.pl ORIG OUT OPS: OUT realigned, on stdout (dbgfs-port's).  OPS has a line "-",
# "+" or "=" for each line diff(1) saw removed, added or kept from ORIG to OUT.  A changed
# line is paired with the removed line it replaces (runs of equal length); where an open
# parenthesis that stays open at the end of the line moved, the lines of the statement
# that were aligned after it in ORIG are aligned after it again.
use strict;
use warnings;

sub slurp { open(my $f, "<", $_[0]) or die "$_[0]: $!\n"; my @l = <$f>; return @l; }
my @o = slurp($ARGV[0]);
my @n = slurp($ARGV[1]);
my @ops = map { chomp; $_ } slurp($ARGV[2]);

# The visual columns of the parentheses still open at the end of a line (tabs of 8),
# with strings, characters and comments blanked first.
sub open_parens {
	my ($s) = @_;
	$s =~ s{"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|/\*.*?\*/}{" " x length($&)}ge;
	$s =~ s{//.*}{};
	my ($col, @stack) = (0);
	for my $c (split //, $s) {
		if ($c eq "\t") { $col += 8 - $col % 8; next; }
		push @stack, $col if $c eq "(";
		pop @stack if $c eq ")" && @stack;
		$col++;
	}
	return @stack;
}

sub indent_col {
	my ($s) = @_;
	my ($ws) = $s =~ /^([ \t]*)/;
	my $col = 0;
	$col = $_ eq "\t" ? $col + 8 - $col % 8 : $col + 1 for split //, $ws;
	return $col;
}

my @pairs;
my ($io, $in) = (0, 0);
for (my $k = 0; $k < @ops;) {
	if ($ops[$k] eq "=") { $io++; $in++; $k++; next; }
	my ($del, $add) = (0, 0);
	$del++, $k++ while $k < @ops && $ops[$k] eq "-";
	$add++, $k++ while $k < @ops && $ops[$k] eq "+";
	if ($del == $add) {
		push @pairs, [$io + $_, $in + $_] for 0 .. $del - 1;
	}
	$io += $del;
	$in += $add;
}

for my $p (@pairs) {
	my ($oi, $ni) = @$p;
	my @po = open_parens($o[$oi]);
	my @pn = open_parens($n[$ni]);
	next unless @po && @po == @pn && "@po" ne "@pn";
	# Each following line of the statement: the parentheses it leaves open count
	# down from those of the changed line; a line aligned after one of them in
	# ORIG (its column plus one) moves with it.
	my %to;
	$to{$po[$_] + 1} = $pn[$_] + 1 for 0 .. $#po;
	my $depth = @pn;
	for (my $j = $ni + 1; $j < @n && $depth > 0; $j++) {
		my $col = indent_col($n[$j]);
		if (exists $to{$col} && $n[$j] =~ /\S/) {
			my $t = $to{$col};
			$n[$j] =~ s/^[ \t]*/"\t" x int($t \/ 8) . " " x ($t % 8)/e;
		}
		(my $s = $n[$j]) =~ s{"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|/\*.*?\*/|//.*}{}g;
		$depth += ($s =~ tr/(//) - ($s =~ tr/)//);
	}
}
print @n;
