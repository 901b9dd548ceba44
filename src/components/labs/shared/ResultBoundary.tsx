/**
 * Keeps a rendering error in a lab's result views from taking the whole lab down: the editors, the
 * issues and the toolbar (reset, share) stay usable, and the learner sees a message instead of the
 * views. The next result (after an edit or a reset) renders again.
 */
import { Component, type ReactNode } from 'react';

interface Props { message: string; resetKey: unknown; children?: ReactNode }
interface State { failed: boolean; key: unknown }

export default class ResultBoundary extends Component<Props, State> {
  state: State = { failed: false, key: undefined };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new result clears the error.
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  render() {
    if (this.state.failed) return <p className="issues" role="alert" data-testid="render-error">{this.props.message}</p>;
    return this.props.children;
  }
}
