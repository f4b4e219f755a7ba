// Carrier audits and the carrier score (000 §2 item 8 and §3 "Carrier score"; 002 §3.9 audit category
// Pickup, Delivery and audit question type StarRating, Bool, Select; 000 §4 leg audit visibility;
// 000 §9 and 001 §9 "Star score 5 stars"). Pure.
//
// The spec names the categories, the question types and the score's fields but not the questions nor
// the arithmetic. Ours:
// - The questions below (a broker's carrier desk asks the same few after every pickup and delivery).
// - Every answer is worth up to 10 points: a star rating 2 points a star (1 to 5 stars), a yes/no
//   question 10 for yes and 0 for no (each is asked so that yes is good), a choice its option's points.
// - An audit's score is 5 × points ÷ (10 × questions), out of 5 stars.
// - A category's actual score is 5 × its audits' points ÷ their maximum points (every audit of a
//   category answers the same questions, so this is the mean of their scores); the overall actual
//   score is the mean of all audits' scores: (pickup count × pickup score + delivery count × delivery
//   score) ÷ total count. Actual scores are given to 2 decimals.
// - A star score is the actual score rounded to the nearest half star (x.25 and x.75 round up), as a
//   5-star widget draws it. No audits: the scores are null (not zero: the carrier is unrated).
// The score is kept as running sums (counts, points, maximum points) updated in the transaction that
// records an audit, so reading it costs the same whatever the number of audits.
import { AuditCategory, AuditQuestionType, STAR_SCORE_MAX } from '@loadline/contracts/catalogue';

export type AuditCategoryCode = (typeof AuditCategory.codes)[number];
export type AuditQuestionTypeCode = (typeof AuditQuestionType.codes)[number];

export const POINTS_PER_ANSWER = 10;
const POINTS_PER_STAR = POINTS_PER_ANSWER / STAR_SCORE_MAX;

export interface AuditQuestion {
  questionId: string;
  category: AuditCategoryCode;
  type: AuditQuestionTypeCode;
  text: string;
  /** Select only: the choices in order, each with its points */
  options?: readonly { value: string; points: number }[];
}

const Q = AuditQuestionType.byCode;
const C = AuditCategory.byCode;

export const auditQuestions: readonly AuditQuestion[] = Object.freeze([
  {
    questionId: 'pickup-on-time',
    category: C.Pickup.code,
    type: Q.Bool.code,
    text: 'Arrived on time for pickup',
  },
  {
    questionId: 'pickup-driver',
    category: C.Pickup.code,
    type: Q.StarRating.code,
    text: 'Driver courtesy and professionalism',
  },
  {
    questionId: 'pickup-equipment',
    category: C.Pickup.code,
    type: Q.Select.code,
    text: 'Equipment condition',
    options: [
      { value: 'Good', points: 10 },
      { value: 'Acceptable', points: 5 },
      { value: 'Poor', points: 0 },
    ],
  },
  { questionId: 'delivery-on-time', category: C.Delivery.code, type: Q.Bool.code, text: 'Delivered on time' },
  {
    questionId: 'delivery-condition',
    category: C.Delivery.code,
    type: Q.Bool.code,
    text: 'Freight delivered without damage or shortage',
  },
  {
    questionId: 'delivery-communication',
    category: C.Delivery.code,
    type: Q.StarRating.code,
    text: 'Tracking updates and communication',
  },
  {
    questionId: 'delivery-paperwork',
    category: C.Delivery.code,
    type: Q.Select.code,
    text: 'Proof of delivery received',
    options: [
      { value: 'Same day', points: 10 },
      { value: 'Within 2 days', points: 5 },
      { value: 'Later', points: 0 },
    ],
  },
]);

export const questionsOf = (category: AuditCategoryCode): AuditQuestion[] =>
  auditQuestions.filter((q) => q.category === category);

export type AuditAnswerValue = boolean | number | string;

export interface ScoredAudit {
  points: number;
  maxPoints: number;
  /** 5 × points ÷ maxPoints, unrounded */
  score: number;
  /** the answers as stored: question id → value */
  answers: Record<string, AuditAnswerValue>;
}

export type AuditCheck = { ok: true; audit: ScoredAudit } | { ok: false; errors: Record<string, string> };

function pointsOf(question: AuditQuestion, value: unknown): number | string {
  switch (question.type) {
    case 'StarRating':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= STAR_SCORE_MAX
        ? (value as number) * POINTS_PER_STAR
        : `must be a whole number of stars from 1 to ${STAR_SCORE_MAX}.`;
    case 'Bool':
      return typeof value === 'boolean'
        ? value
          ? POINTS_PER_ANSWER
          : 0
        : 'must be yes (true) or no (false).';
    case 'Select': {
      const option = question.options?.find((o) => o.value === value);
      return option ? option.points : `must be one of: ${question.options?.map((o) => o.value).join(', ')}.`;
    }
  }
}

/**
 * Checks an audit's answers (every question of the category answered, each by its type, no unknown
 * question) and scores it. Errors are keyed `answers.<questionId>`.
 */
export function scoreAudit(
  category: AuditCategoryCode,
  answers: Readonly<Record<string, unknown>>,
): AuditCheck {
  const questions = questionsOf(category);
  const errors: Record<string, string> = {};
  let points = 0;
  const stored: Record<string, AuditAnswerValue> = {};
  for (const question of questions) {
    const value = answers[question.questionId];
    if (value === undefined || value === null) {
      errors[`answers.${question.questionId}`] = `'${question.text}' needs an answer.`;
      continue;
    }
    const earned = pointsOf(question, value);
    if (typeof earned === 'string') errors[`answers.${question.questionId}`] = `'${question.text}' ${earned}`;
    else {
      points += earned;
      stored[question.questionId] = value as AuditAnswerValue;
    }
  }
  for (const questionId of Object.keys(answers)) {
    if (!questions.some((q) => q.questionId === questionId))
      errors[`answers.${questionId}`] = `${questionId} is not a ${category.toLowerCase()} audit question.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const maxPoints = questions.length * POINTS_PER_ANSWER;
  return {
    ok: true,
    audit: { points, maxPoints, score: (STAR_SCORE_MAX * points) / maxPoints, answers: stored },
  };
}

/** The running sums a carrier's score is kept as (one row per broker and carrier). */
export interface ScoreTally {
  pickupCount: number;
  pickupPoints: number;
  pickupMaxPoints: number;
  deliveryCount: number;
  deliveryPoints: number;
  deliveryMaxPoints: number;
}

export const emptyTally: ScoreTally = Object.freeze({
  pickupCount: 0,
  pickupPoints: 0,
  pickupMaxPoints: 0,
  deliveryCount: 0,
  deliveryPoints: 0,
  deliveryMaxPoints: 0,
});

/** What recording an audit (and dropping the one it replaces) adds to the tally. */
export function tallyChange(
  category: AuditCategoryCode,
  added: { points: number; maxPoints: number },
  replaced: { points: number; maxPoints: number } | null,
): ScoreTally {
  const count = replaced ? 0 : 1;
  const points = added.points - (replaced?.points ?? 0);
  const maxPoints = added.maxPoints - (replaced?.maxPoints ?? 0);
  return category === 'Pickup'
    ? { ...emptyTally, pickupCount: count, pickupPoints: points, pickupMaxPoints: maxPoints }
    : { ...emptyTally, deliveryCount: count, deliveryPoints: points, deliveryMaxPoints: maxPoints };
}

/** 000 §3 carrier score. */
export interface CarrierScore {
  totalAuditCount: number;
  pickupAuditCount: number;
  deliveryAuditCount: number;
  starScore: number | null;
  actualScore: number | null;
  pickupStarScore: number | null;
  actualPickupScore: number | null;
  deliveryStarScore: number | null;
  actualDeliveryScore: number | null;
}

/** Actual scores are given to 2 decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** One audit's score out of 5 stars. */
export const auditScore = (points: number, maxPoints: number): number =>
  (STAR_SCORE_MAX * points) / maxPoints;
/** The nearest half star (x.25 and x.75 round up). */
export const toStars = (n: number): number => Math.round(n * 2 + 1e-9) / 2;

export function carrierScore(tally: ScoreTally): CarrierScore {
  const pickup =
    tally.pickupMaxPoints > 0 ? (STAR_SCORE_MAX * tally.pickupPoints) / tally.pickupMaxPoints : null;
  const delivery =
    tally.deliveryMaxPoints > 0 ? (STAR_SCORE_MAX * tally.deliveryPoints) / tally.deliveryMaxPoints : null;
  const total = tally.pickupCount + tally.deliveryCount;
  const overall =
    total > 0 ? ((pickup ?? 0) * tally.pickupCount + (delivery ?? 0) * tally.deliveryCount) / total : null;
  const shown = (n: number | null) => (n === null ? null : round2(n));
  const stars = (n: number | null) => (n === null ? null : toStars(n));
  return {
    totalAuditCount: total,
    pickupAuditCount: tally.pickupCount,
    deliveryAuditCount: tally.deliveryCount,
    starScore: stars(overall),
    actualScore: shown(overall),
    pickupStarScore: stars(pickup),
    actualPickupScore: shown(pickup),
    deliveryStarScore: stars(delivery),
    actualDeliveryScore: shown(delivery),
  };
}

/** An audit as recorded: its answers and points, who recorded it and when. */
export interface RecordedAudit {
  auditId: string;
  shipmentId: number;
  transitLegId: string;
  carrierMasterId: string;
  category: AuditCategoryCode;
  answers: Record<string, unknown>;
  points: number;
  maxPoints: number;
  recordedBy: string;
  recordedDate: string;
}
