/**
 * Writes cases straight into a {@link SummaryPacker}'s columns, with no case object: the streaming
 * rlm-code reader does, for speed (one case object per row is garbage 100,000 times over). The
 * layout of the packed numbers and flags stays in this folder; a reader names what it writes.
 * A case written here must pack as `SummaryPacker.add` packs the same case: the streaming reader's
 * tests compare the two on every fixture and on generated summaries.
 */
import { FLAG, SLOT, SLOTS, type SummaryPacker } from './pack.js';

/**
 * One case at a time: {@link begin}, then the setters the case needs (a case that completed, with
 * a duration, usage or harness counters; its label codes), then {@link commit}. What is not set is
 * what `add` packs for a case without it (not completed, no duration, no usage, not a harness run).
 */
export class RowWriter {
  private i = 0;
  private at = 0;
  private flags = 0;
  private numbers: Float64Array;

  constructor(private readonly packer: SummaryPacker) {
    this.numbers = packer.rowNumbers;
  }

  /** Starts the next case (the packer grows when full); its reward and steps, and whether it completed. */
  begin(completed: boolean, reward: number, steps: number): void {
    const i = this.packer.reserveRow();
    const n = (this.numbers = this.packer.rowNumbers);
    const at = (this.at = i * SLOTS);
    this.i = i;
    this.flags = completed ? FLAG.completed : 0;
    n[at + SLOT.reward] = reward;
    n[at + SLOT.steps] = steps;
    n[at + SLOT.duration] = NaN;
  }

  /** The case's duration in seconds. */
  duration(seconds: number): void {
    this.numbers[this.at + SLOT.duration] = seconds;
    this.flags |= FLAG.duration;
  }

  /** The case's usage counters. */
  usage(totalCalls: number, promptTokens: number, completionTokens: number): void {
    const n = this.numbers;
    const at = this.at;
    n[at + SLOT.totalCalls] = totalCalls;
    n[at + SLOT.promptTokens] = promptTokens;
    n[at + SLOT.completionTokens] = completionTokens;
    this.flags |= FLAG.usage;
  }

  /**
   * Marks a harness case: its counters (0 for those the row lacks), whether the guardrail blocked
   * it, and whether MCP was on (null: not said).
   */
  harness(toolCalls: number, mcpCalls: number, chainCalls: number, searchCalls: number, discoveryCalls: number, guardrail: boolean, mcp: boolean | null): void {
    const n = this.numbers;
    const at = this.at;
    n[at + SLOT.harnessToolCalls] = toolCalls;
    n[at + SLOT.mcpToolCalls] = mcpCalls;
    n[at + SLOT.chainCalls] = chainCalls;
    n[at + SLOT.searchCalls] = searchCalls;
    n[at + SLOT.discoveryCalls] = discoveryCalls;
    let f = this.flags | FLAG.harness;
    if (guardrail) f |= FLAG.guardrail;
    if (mcp !== null) f |= FLAG.mcpKnown | (mcp ? FLAG.mcpEnabled : 0);
    this.flags = f;
  }

  /** The case's code in column `column` (its index in schema/pack.ts COLUMNS; see SummaryPacker.code): every column needs one. */
  label(column: number, code: number): void {
    (this.packer.rowCodes(column) as Int32Array)[this.i] = code;
  }

  /** Ends the case: its id (`narrow`: see SummaryPacker.commitRow) and its error text. */
  commit(id: string, narrow: boolean, error: string | null): void {
    this.packer.rowFlags[this.i] = this.flags;
    this.packer.commitRow(id, narrow, error);
  }
}
