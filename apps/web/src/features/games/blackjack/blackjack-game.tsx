/**
 * Blackjack (spec 2 §2, §4 Blackjack, §5, §9): tabs Normal and Sidebets (Perfect Pair and 21+3).
 * Bet deals from the engine's cards for the next nonce (player, dealer, player, dealer hole, then draws);
 * Hit, Stand and Double play the hand, Split is shown without behaviour (spec 2 §4). The dealer then plays
 * and the hand settles (shared/fairness/blackjack.ts). An open hand is kept in localStorage and comes back
 * after a reload; seed rotation waits for it. No server bet and no balance.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import {
  BLACKJACK_CARDS,
  applyAction,
  blackjackOutcomeText,
  canDouble,
  canHit,
  dealHand,
  formatActions,
  handValue,
  playHand,
  settleHand,
  type BlackjackAction,
  type BlackjackHand,
  type BlackjackSettlement,
  type BlackjackStakes,
} from '@app/shared/fairness/blackjack';
import { blackjackCards, type Card } from '@app/shared/fairness/outcomes';
import type { CurrencyCode } from '@app/shared/games/currencies';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { recordBet } from '../bets/bet-store';
import { CurrencyLabel, GameBetAmountField } from '../components/bet-amount-field';
import { GameControls, type PlayMode } from '../components/game-controls';
import { BoardPanel, GameLayout, RoundResult } from '../components/game-panels';
import { PlayButton } from '../components/play-button';
import { prefersReducedMotion } from '@/lib/use-reduced-motion';
import { setRoundOpen, takeRound } from '../fairness/fairness-store';
import { useGameCurrency } from '../game-context';
import { useBetForm } from '../hooks/use-bet-form';
import { BLACKJACK_MAX_BET, loadHand, readStakes, saveHand, type SavedHand } from './blackjack-rules';

type Tab = 'normal' | 'sidebets';

type Settled = { hand: BlackjackHand; settlement: BlackjackSettlement; nonce: number; currency: CurrencyCode };

const SUIT_NAMES: Record<Card['suit'], string> = { '♦': 'diamonds', '♥': 'hearts', '♠': 'spades', '♣': 'clubs' };

/** A new card slides in (a transform, once); skipped with reduced motion. */
function dealIn(el: HTMLElement | null) {
  if (!el || el.dataset.dealt || typeof el.animate !== 'function') return;
  el.dataset.dealt = 'true';
  if (prefersReducedMotion()) return;
  el.animate(
    [
      { transform: 'translateY(-1.5rem) rotate(-6deg)', opacity: 0 },
      { transform: 'none', opacity: 1 },
    ],
    { duration: 220, easing: 'ease-out' },
  );
}

function PlayingCard({ card, isHidden }: { card: Card; isHidden: boolean }) {
  const isRed = card.suit === '♦' || card.suit === '♥';
  if (isHidden) {
    return (
      <li
        ref={dealIn}
        className="flex h-24 w-16 items-center justify-center rounded-lg border-2 border-white/70 bg-[repeating-linear-gradient(45deg,#1d4ed8_0_6px,#1e40af_6px_12px)] shadow sm:h-28 sm:w-20"
      >
        <span className="sr-only">Face-down card</span>
      </li>
    );
  }
  return (
    <li
      ref={dealIn}
      data-card={card.label}
      className={cn(
        'flex h-24 w-16 flex-col justify-between rounded-lg border bg-white p-1.5 font-bold shadow sm:h-28 sm:w-20',
        isRed ? 'text-red-700' : 'text-zinc-900',
      )}
    >
      <span className="text-lg leading-none">{card.label}</span>
      <span className="sr-only">
        {' '}
        ({card.rank} of {SUIT_NAMES[card.suit]})
      </span>
      <span className="self-center text-2xl leading-none" aria-hidden="true">
        {card.suit}
      </span>
    </li>
  );
}

function HandView({ title, cards, hideHole, total }: { title: string; cards: readonly Card[]; hideHole: boolean; total: string }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <p className="text-sm font-medium">
        {title} <span className="ml-1 rounded bg-card px-1.5 py-0.5 font-mono tabular-nums">{total}</span>
      </p>
      <ol aria-label={`${title} cards`} className="flex min-h-24 flex-wrap justify-center gap-2 sm:min-h-28">
        {cards.map((card, i) => (
          <PlayingCard key={`${i}-${card.index}-${hideHole && i === 1}`} card={card} isHidden={hideHole && i === 1} />
        ))}
      </ol>
    </div>
  );
}

/** The stored open hand; a stored hand that is already over (it cannot be, unless edited) is dropped. */
function restoreHand(): SavedHand | null {
  const saved = loadHand();
  if (saved && playHand(blackjackCards(saved.seeds, BLACKJACK_CARDS), saved.actions).status === 'player') return saved;
  if (saved) saveHand(null);
  return null;
}

export default function BlackjackGame() {
  const { code } = useGameCurrency();
  const ids = useId();
  const form = useBetForm<Tab>('normal');
  const [perfectPairAmount, setPerfectPairAmount] = useState('0.00000000');
  const [twentyOneThreeAmount, setTwentyOneThreeAmount] = useState('0.00000000');
  /** The open hand (restored after a reload); null between hands. */
  const [open, setOpen] = useState<SavedHand | null>(restoreHand);
  const [settled, setSettled] = useState<Settled | null>(null);

  const deck = useMemo(() => (open ? blackjackCards(open.seeds, BLACKJACK_CARDS) : null), [open]);
  const hand = open && deck ? playHand(deck, open.actions) : null;
  const isOpen = hand !== null && hand.status === 'player';

  // Rotation waits while a hand is open (the stored hand keeps it waiting after this page is left).
  useEffect(() => {
    setRoundOpen(isOpen);
  }, [isOpen]);
  useEffect(() => () => setRoundOpen(false), []);

  function finish(done: BlackjackHand, seeds: SavedHand['seeds'], stakes: BlackjackStakes, currency: CurrencyCode) {
    const settlement = settleHand(done, stakes);
    if (!settlement) return;
    recordBet({
      game: 'blackjack',
      amount: settlement.staked,
      multiplier: settlement.staked > 0 ? settlement.returned / settlement.staked : 0,
      payout: settlement.returned,
      win: settlement.returned > settlement.staked,
      nonce: seeds.nonce,
      currency,
    });
    saveHand(null);
    setOpen(null);
    setSettled({ hand: done, settlement, nonce: seeds.nonce, currency });
  }

  function bet() {
    if (isOpen) return;
    const stakes = readStakes(form.amount, perfectPairAmount, twentyOneThreeAmount, form.mode === 'sidebets');
    if ('error' in stakes) {
      form.setError(stakes.error);
      return;
    }
    form.setError(null);
    const seeds = takeRound();
    const dealt = dealHand(blackjackCards(seeds, BLACKJACK_CARDS));
    setSettled(null);
    if (dealt.status === 'settled') {
      finish(dealt, seeds, stakes, code);
      return;
    }
    const next: SavedHand = { seeds, stakes, actions: [], currency: code };
    saveHand(next);
    setOpen(next);
  }

  function act(action: BlackjackAction) {
    if (!open || !deck || !hand || !isOpen) return;
    const next = applyAction(hand, action, deck);
    if (next === hand) return;
    if (next.status === 'settled') {
      finish(next, open.seeds, open.stakes, open.currency);
      return;
    }
    const saved: SavedHand = { ...open, actions: next.actions };
    saveHand(saved);
    setOpen(saved);
  }

  const shown = hand ?? settled?.hand ?? null;
  const hideHole = isOpen;
  const dealerTotal = shown ? (hideHole ? handValue(shown.dealer.slice(0, 1)).total : handValue(shown.dealer).total) : 0;
  const playerTotal = shown ? handValue(shown.player).total : 0;

  const actions = (
    <>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" disabled={!hand || !canHit(hand)} onClick={() => act('hit')}>
          Hit
        </Button>
        <Button variant="secondary" disabled={!isOpen} onClick={() => act('stand')}>
          Stand
        </Button>
        {/* spec 2 §4: Split has no behaviour. Kept focusable and says so. */}
        <Button variant="secondary" aria-disabled="true" aria-describedby={`${ids}-split`} className="opacity-50" onClick={() => {}}>
          Split
        </Button>
        <Button variant="secondary" disabled={!hand || !canDouble(hand)} onClick={() => act('double')}>
          Double
        </Button>
        <p id={`${ids}-split`} className="col-span-2 text-xs text-muted-foreground">
          Split is not available.
        </p>
      </div>
      <PlayButton disabled={isOpen} onClick={bet}>
        Bet
      </PlayButton>
    </>
  );

  const sideField = (label: string, id: string, value: string, onChange: (v: string) => void) => (
    <div className="space-y-1.5">
      <CurrencyLabel htmlFor={id} currency={code}>
        {label}
      </CurrencyLabel>
      <Input id={id} inputMode="decimal" value={value} disabled={isOpen} onChange={(e) => onChange(e.target.value)} />
    </div>
  );

  const result = settled && !hand ? settled : null;

  const modes: Array<PlayMode<Tab>> = [
    { value: 'normal', label: 'Normal', actions },
    {
      value: 'sidebets',
      label: 'Sidebets',
      fields: (
        <div className="grid grid-cols-2 gap-2">
          {sideField('Perfect Pair', `${ids}-pp`, perfectPairAmount, setPerfectPairAmount)}
          {sideField('21+3', `${ids}-t3`, twentyOneThreeAmount, setTwentyOneThreeAmount)}
        </div>
      ),
      actions,
    },
  ];
  const amountField = <GameBetAmountField form={form} disabled={isOpen} maxAmount={BLACKJACK_MAX_BET} />;

  return (
    <GameLayout>
      <GameControls label="Blackjack controls" form={form} isLocked={isOpen} fields={amountField} modes={modes} />

      <BoardPanel label="Blackjack table" className="items-center justify-center gap-6 p-3 sm:p-6">
        {shown ? (
          <>
            <HandView title="Dealer" cards={shown.dealer} hideHole={hideHole} total={String(dealerTotal)} />
            <HandView title="Player" cards={shown.player} hideHole={false} total={String(playerTotal)} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Enter a bet amount and press Bet to deal.</p>
        )}
        <RoundResult label="Hand result" outcome={result ? blackjackOutcomeText(result.hand) : ''}>
          {result && (
            <p className="text-xs text-muted-foreground">
              Actions {formatActions(result.hand.actions)} · paid {result.settlement.returned.toFixed(8)} of {result.settlement.staked.toFixed(8)}{' '}
              {result.currency} · nonce {result.nonce}
            </p>
          )}
          {isOpen && open && (
            <p className="text-xs text-muted-foreground">
              Hand open · bet {((hand?.isDoubled ? 2 : 1) * open.stakes.main).toFixed(8)} {open.currency} · nonce {open.seeds.nonce}. Hit, Stand or Double.
            </p>
          )}
        </RoundResult>
      </BoardPanel>
    </GameLayout>
  );
}
