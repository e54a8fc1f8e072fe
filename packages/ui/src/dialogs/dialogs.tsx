import * as AlertDialog from '@radix-ui/react-alert-dialog';
import * as Toast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/button';

/** A question that needs a yes or no before something happens (deleting, closing, sending). */
export interface ConfirmRequest {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action's button is red. */
  danger?: boolean;
}

/** A question answered by a whole number (how many days to feature a service). */
export interface NumberRequest {
  title: string;
  label: string;
  defaultValue: number;
  min: number;
  confirmLabel?: string;
}

export type NoticeTone = 'success' | 'error' | 'info';

interface Dialogs {
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** What was typed in the number field (the caller reads it by its own rule), or null when cancelled. */
  askNumber: (request: NumberRequest) => Promise<string | null>;
  notify: (message: string, tone?: NoticeTone) => void;
}

const DialogsContext = createContext<Dialogs | null>(null);

type Open = { kind: 'confirm'; request: ConfirmRequest; settle: (answer: boolean) => void } | { kind: 'number'; request: NumberRequest; settle: (answer: string | null) => void };

interface Notice {
  id: number;
  message: string;
  tone: NoticeTone;
}

/** How long a message stays before it goes by itself (an error stays until closed). */
const NOTICE_MS = 6_000;

/**
 * The dialogs and messages of a remote's screens: a question is an alert dialog (focus moved in and
 * kept there, Escape or Cancel answers no, focus returned to where it was), a message is a toast
 * read out by screen readers (errors at once, others politely). Radix provides the behaviour.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpenState] = useState<Open | null>(null);
  // The question being asked, read when it is answered (an answer and the close that follows it settle it once).
  const asking = useRef<Open | null>(null);
  // Where focus was when the question was asked: it goes back there when the dialog closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const setOpen = useCallback((next: Open | null) => {
    if (next && !asking.current) returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    asking.current = next;
    setOpenState(next);
  }, []);
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);

  const confirm = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setOpen({ kind: 'confirm', request, settle: resolve })), [setOpen]);
  const askNumber = useCallback((request: NumberRequest) => new Promise<string | null>((resolve) => setOpen({ kind: 'number', request, settle: resolve })), [setOpen]);
  const notify = useCallback((message: string, tone: NoticeTone = 'info') => {
    nextId.current += 1;
    const id = nextId.current;
    setNotices((current) => [...current, { id, message, tone }]);
  }, []);
  const value = useMemo(() => ({ confirm, askNumber, notify }), [confirm, askNumber, notify]);

  const settle = (answer: boolean | string | null) => {
    const current = asking.current;
    if (!current) return;
    setOpen(null);
    if (current.kind === 'confirm') current.settle(answer === true);
    else current.settle(typeof answer === 'string' ? answer : null);
  };

  return (
    <DialogsContext.Provider value={value}>
      <Toast.Provider swipeDirection="right" duration={NOTICE_MS}>
        {children}
        <AlertDialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && settle(null)}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <AlertDialog.Content
              // A question with a field starts in the field; a yes-or-no one on Cancel (Radix's choice).
              onOpenAutoFocus={(event) => {
                const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLInputElement>('[data-autofocus]');
                if (!field) return;
                event.preventDefault();
                field.focus();
                field.select();
              }}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                returnFocus.current?.focus();
                returnFocus.current = null;
              }}
              className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl dark:bg-gray-900 dark:text-gray-100"
            >
              {open?.kind === 'confirm' && <ConfirmBody request={open.request} onAnswer={settle} />}
              {open?.kind === 'number' && <NumberBody request={open.request} onAnswer={settle} />}
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
        {notices.map((notice) => (
          <Toast.Root
            key={notice.id}
            type={notice.tone === 'error' ? 'foreground' : 'background'}
            duration={notice.tone === 'error' ? Infinity : NOTICE_MS}
            onOpenChange={(isOpen) => !isOpen && setNotices((current) => current.filter((n) => n.id !== notice.id))}
            className={`flex items-start justify-between gap-3 rounded-lg border p-4 text-sm shadow-lg ${
              notice.tone === 'error'
                ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
                : 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100'
            }`}
          >
            <Toast.Description>{notice.message}</Toast.Description>
            <Toast.Close className="font-medium underline" aria-label="Dismiss">
              Dismiss
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport label="Messages ({hotkey})" className="fixed bottom-4 right-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none" />
      </Toast.Provider>
    </DialogsContext.Provider>
  );
}

function ConfirmBody({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (answer: boolean) => void }) {
  return (
    <>
      <AlertDialog.Title className="text-lg font-semibold">{request.title}</AlertDialog.Title>
      {request.message ? (
        <AlertDialog.Description className="mt-2 text-sm text-gray-700 dark:text-gray-300">{request.message}</AlertDialog.Description>
      ) : (
        <AlertDialog.Description className="sr-only">{request.title}</AlertDialog.Description>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <AlertDialog.Cancel asChild>
          <Button variant="outline">{request.cancelLabel ?? 'Cancel'}</Button>
        </AlertDialog.Cancel>
        <AlertDialog.Action asChild>
          <Button variant={request.danger ? 'danger' : 'primary'} onClick={() => onAnswer(true)}>
            {request.confirmLabel ?? 'OK'}
          </Button>
        </AlertDialog.Action>
      </div>
    </>
  );
}

function NumberBody({ request, onAnswer }: { request: NumberRequest; onAnswer: (answer: string) => void }) {
  const [text, setText] = useState(String(request.defaultValue));
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(text);
  };
  return (
    <form onSubmit={submit}>
      <AlertDialog.Title className="text-lg font-semibold">{request.title}</AlertDialog.Title>
      <AlertDialog.Description className="sr-only">{request.label}</AlertDialog.Description>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-medium">
        {request.label}
      </label>
      <input
        id={fieldId}
        data-autofocus
        type="number"
        inputMode="numeric"
        min={request.min}
        step={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="mt-1 w-32 rounded-md border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-950"
      />
      <div className="mt-6 flex justify-end gap-2">
        <AlertDialog.Cancel asChild>
          <Button variant="outline">Cancel</Button>
        </AlertDialog.Cancel>
        <Button type="submit">{request.confirmLabel ?? 'OK'}</Button>
      </div>
    </form>
  );
}

/** The dialogs of the nearest DialogsProvider (every remote's routes are inside one). */
export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs needs a DialogsProvider above it.');
  return dialogs;
}
