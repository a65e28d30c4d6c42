import { useEffect, useRef, useState } from 'react';
import { deliverScan } from '../scan/scan-bus.ts';
import {
  aim,
  error as errorClass,
  status as statusClass,
  video as videoClass,
  viewport,
} from './camera-scan-dialog.css.ts';
import { Dialog } from './dialog.tsx';

export interface CameraScanDialogProps {
  open: boolean;
  onClose(): void;
}

/** How often a frame is looked at: often enough to feel instant, rare enough to leave a phone's CPU some rest. */
const frameGapMs = 120;
/** Frames wider than this are scaled down before decoding: a barcode needs no more, and big frames decode slowly. */
const maxDecodeWidth = 1280;

function cameraProblem(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Доступ к камере запрещён. Разрешите камеру для этого сайта в настройках браузера или используйте сканер.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'Камера не найдена на этом устройстве. Используйте сканер или введите штрихкод вручную.';
  if (name === 'NotReadableError') return 'Камера занята другим приложением. Закройте его и попробуйте снова.';
  return 'Не удалось включить камеру. Используйте сканер или введите штрихкод вручную.';
}

/**
 * The rear camera: every few frames are handed to the decoder (src/scan/camera-decoder.ts, loaded on first use);
 * the first code found goes to the screen exactly as a scanner's would (deliverScan), and the dialog closes.
 */
export function CameraScanDialog({ open, onClose }: CameraScanDialogProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setProblem(null);
    setState('starting');

    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      stream = null;
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('Камера недоступна: браузер не даёт к ней доступ (нужно защищённое соединение HTTPS).');
        return;
      }
      let decode: (frame: ImageData) => Promise<string | null>;
      // The decoder loads while the camera starts; each failure has its own message.
      const decoder = import('../scan/camera-decoder.ts').then((m) => m.createFrameDecoder());
      decoder.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (e) {
        console.warn('camera', e);
        if (!stopped) setProblem(cameraProblem(e));
        return;
      }
      if (stopped) return stop();
      try {
        decode = await decoder;
      } catch (e) {
        console.warn('barcode decoder', e);
        stop();
        setProblem('Не удалось загрузить распознавание штрихкодов. Обновите страницу.');
        return;
      }
      if (stopped) return stop();
      const video = videoRef.current;
      if (!video) return stop();
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState('scanning');
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      const tick = async () => {
        if (stopped || !context) return;
        if (video.videoWidth > 0) {
          const scale = Math.min(1, maxDecodeWidth / video.videoWidth);
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const code = await decode(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
          if (stopped) return;
          if (code) {
            stop();
            closeRef.current();
            void deliverScan(code);
            return;
          }
        }
        timer = setTimeout(() => void tick(), frameGapMs);
      };
      void tick();
    };

    void start();
    return stop;
  }, [open]);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title="Сканирование камерой"
    >
      {problem ? (
        <p className={errorClass} role="alert">
          {problem}
        </p>
      ) : (
        <>
          <div className={viewport}>
            <video ref={videoRef} className={videoClass} muted playsInline aria-label="Изображение с камеры" />
            <div className={aim} />
          </div>
          <p className={statusClass} role="status">
            {state === 'starting' ? 'Включаем камеру…' : 'Наведите камеру на штрихкод'}
          </p>
        </>
      )}
    </Dialog>
  );
}
